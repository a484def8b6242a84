import type { Verification } from '@despacho/domain';
import { Alert, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

const LOOK = {
  not_started: { color: 'blue', Icon: IconInfoCircle },
  fixing: { color: 'orange', Icon: IconAlertTriangle },
  in_process: { color: 'blue', Icon: IconClockHour4 },
  verified: { color: 'green', Icon: IconCircleCheck },
  failed: { color: 'red', Icon: IconAlertTriangle },
} as const;

/** Where the verification stands and what the merchant should do next, with staff's reason. */
export function StatusAlert({ verification }: { verification: Verification }) {
  const dates = useDateFormat();
  const { t } = useTranslation('verification');
  const { status, failure_reason } = verification;
  // A rejected verification whose documents are being replaced: the reason stays in sight.
  const state = status === 'not_started' && failure_reason ? 'fixing' : status;
  const { color, Icon } = LOOK[state];
  const date = dates.date(
    status === 'verified' ? verification.reviewed_at : verification.submitted_at,
  );

  return (
    <Alert
      color={color}
      radius="md"
      icon={<Icon size={20} />}
      title={t(`alert.${state}.title`)}
      role={state === 'failed' || state === 'fixing' ? 'alert' : 'status'}
    >
      <Stack gap={4}>
        {failure_reason && (
          <Text fz="sm" fw={600}>
            {t('alert.reason', { reason: failure_reason })}
          </Text>
        )}
        <Text fz="sm">{t(`alert.${state}.body`, { date })}</Text>
      </Stack>
    </Alert>
  );
}
