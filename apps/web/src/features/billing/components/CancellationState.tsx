import type { InvoiceView } from '@despacho/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS = { pending: 'yellow', accepted: 'red', rejected: 'gray' } as const;

/**
 * Where an invoice's cancellation before SAT stands (pending while the receiver may answer,
 * cancelled, or refused), with SAT's reason and the replacing CFDI's folio for reason 01.
 */
export function CancellationState({
  cancellation,
}: {
  cancellation: NonNullable<InvoiceView['cancellation']>;
}) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLORS[cancellation.status]} variant="light">
        {t(`cancellation.status.${cancellation.status}`)}
      </Badge>
      <Text fz="xs" c="dimmed">
        {t('cancellation.motiveLine', {
          motive: cancellation.motive,
          text: t(`cancellation.motives.${cancellation.motive}`),
        })}
      </Text>
      {cancellation.substitution_uuid && (
        <Text fz="xs" c="dimmed" ff="monospace">
          {t('cancellation.replacedBy', { uuid: cancellation.substitution_uuid })}
        </Text>
      )}
    </Stack>
  );
}
