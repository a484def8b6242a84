import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths';

/** Where expired or wrong links from emails land, with the ways forward. */
export function InvalidTokenPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center" ta="center" gap="md" pt="xl">
      <ThemeIcon size={72} radius="xl" variant="light" color="orange">
        <IconLinkOff size={36} />
      </ThemeIcon>
      <Title order={1} fz={28}>
        {t('invalidToken.title')}
      </Title>
      <Text c="dimmed">{t('invalidToken.text')}</Text>
      <Button component={Link} to={LOGIN_PATH} size="md" fullWidth>
        {t('common.goToLogin')}
      </Button>
      <Button component={Link} to="/auth/forgotten-pasword" variant="subtle" fullWidth>
        {t('invalidToken.newLink')}
      </Button>
    </Stack>
  );
}
