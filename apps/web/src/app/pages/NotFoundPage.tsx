import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredMessage } from '../../ui/CenteredMessage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <CenteredMessage
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      action={
        <Button component={Link} to="/" size="md">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
