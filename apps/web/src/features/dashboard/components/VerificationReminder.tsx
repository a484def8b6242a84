import { hasPermission, type Verification } from '@despacho/domain';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http, unwrap, type ApiData } from '../../../lib/http';
import { useSession } from '../../../lib/useSession';

/** The verification screen; its feature owns the query key `['verification']` too. */
const VERIFICATION_PATH = '/app/settings/verification';

/**
 * Reminds an organization that is not verified yet: to start, to fix what staff rejected, or
 * that its documents are under review. Nothing once verified (or if the status cannot be read).
 */
export function VerificationReminder() {
  const { t } = useTranslation('verification');
  const permissions = useSession()?.user.permissions ?? [];
  const { data } = useQuery({
    queryKey: ['verification'],
    queryFn: () => unwrap(http.get<ApiData<Verification>>('/verification')),
  });
  if (!data || data.status === 'verified') return null;
  const state =
    data.status === 'in_process' ? 'in_process' : data.failure_reason ? 'failed' : 'not_started';
  const color = { in_process: 'blue', failed: 'red', not_started: 'orange' }[state];

  return (
    <Alert
      color={color}
      radius="lg"
      icon={<IconShieldCheck size={20} />}
      title={t(`reminder.${state}.title`)}
      role={state === 'in_process' ? 'status' : 'alert'}
    >
      <Stack gap="xs" align="flex-start">
        {state === 'failed' && (
          <Text fz="sm" fw={600}>
            {t('alert.reason', { reason: data.failure_reason })}
          </Text>
        )}
        <Text fz="sm">{t(`reminder.${state}.body`)}</Text>
        {hasPermission(permissions, 'settings.my_company') && (
          <Anchor component={Link} to={VERIFICATION_PATH} fz="sm" fw={600}>
            {t('reminder.action')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
