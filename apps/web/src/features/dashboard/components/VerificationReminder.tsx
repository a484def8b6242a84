import { hasPermission, verificationContract } from '@despacho/domain';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, queryKeys } from '../../../lib/api-client';
import { unwrap } from '../../../lib/http';
import { useSession } from '../../../lib/useSession';

/** The verification screen; its feature reads the same query (`verificationKeys.current()`). */
const VERIFICATION_PATH = '/app/settings/verification';
const verificationKeys = queryKeys(verificationContract);

/**
 * Reminds an organization that is not verified yet: to start, to fix what staff rejected, or
 * that its documents are under review. Nothing once verified (or if the status cannot be read).
 */
export function VerificationReminder() {
  const { t } = useTranslation('verification');
  const permissions = useSession()?.user.permissions ?? [];
  const { data } = useQuery({
    queryKey: verificationKeys.current(),
    queryFn: () => unwrap(call(verificationContract.current)),
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
