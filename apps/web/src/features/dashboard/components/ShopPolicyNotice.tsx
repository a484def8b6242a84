import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { useActiveNotices, useDismissNotice } from '../api';

const NOTICE = 'shop_policy_2025_06';

/** The online-shop platform's policy change of 1 June 2025, until the user dismisses it. */
export function ShopPolicyNotice() {
  const { t } = useTranslation('dashboard');
  const notices = useActiveNotices();
  const dismiss = useDismissNotice();

  // Hidden as soon as the user closes it; back, with the reason, if the server refused.
  if (!notices.data?.active.includes(NOTICE) || dismiss.isPending) return null;
  return (
    <Alert
      color="orange"
      radius="lg"
      title={t('notice.shopPolicy.title')}
      withCloseButton
      closeButtonLabel={t('notice.shopPolicy.dismiss')}
      onClose={() => dismiss.mutate(NOTICE)}
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('notice.shopPolicy.body')}</Text>
        <Anchor component={Link} to="/app/settings/marketplaces" fz="sm" fw={600}>
          {t('notice.shopPolicy.action')}
        </Anchor>
        {dismiss.isError && (
          <Text c="red" fz="sm">
            {messageOf(dismiss.error)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
