import { formatMoney, type PaymentRequest } from '@despacho/domain';
import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { DataTable } from '../../../ui/DataTable';
import { Section } from './Section';

const STATUS_COLORS = { pending: 'orange', paid: 'green', cancelled: 'gray' } as const;

/**
 * The payment requests of the embarque (advances and service charges), each with its status;
 * `actionOf` puts the side's button on a pending one (pay, or withdraw it), `above` stands over
 * the table (the balance and its shortfall).
 */
export function PaymentsPanel({
  requests,
  actionOf,
  above,
  headerAction,
}: {
  requests: PaymentRequest[];
  actionOf?: (request: PaymentRequest) => ReactNode;
  above?: ReactNode;
  headerAction?: ReactNode;
}) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  return (
    <Section title={t('payments.title')} action={headerAction}>
      <Stack gap="sm">
        {above}
        {requests.length === 0 ? (
          <Text c="dimmed">{t('payments.empty')}</Text>
        ) : (
          <DataTable
            rows={requests}
            rowKey={(request) => request.id}
            minWidth={480}
            cardsBelow="lg"
            columns={[
              {
                key: 'concept',
                header: t('payments.concept'),
                cardTitle: true,
                cell: (request) => (
                  <Stack gap={0}>
                    <Text fz="sm" fw={600}>
                      {request.concept}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t(`requestKinds.${request.kind}`)} · {dates.date(request.requested_at)}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'amount',
                header: t('payments.amount'),
                align: 'right',
                cell: (request) => (
                  <Stack gap={0}>
                    <Text fz="sm" fw={600}>
                      {formatMoney(request.amount_centavos)}
                    </Text>
                    {request.refunded_centavos > 0 && (
                      <Text fz="xs" c="dimmed">
                        {t('payments.refunded', {
                          amount: formatMoney(request.refunded_centavos),
                        })}
                      </Text>
                    )}
                  </Stack>
                ),
              },
              {
                key: 'status',
                header: t('payments.status'),
                cell: (request) => (
                  <Stack gap={2} align="flex-start">
                    <Badge color={STATUS_COLORS[request.status]} variant="light">
                      {t(`requestStatuses.${request.status}`)}
                    </Badge>
                    {request.paid_at && (
                      <Text fz="xs" c="dimmed">
                        {dates.dateTime(request.paid_at)}
                      </Text>
                    )}
                  </Stack>
                ),
              },
              ...(actionOf
                ? [
                    {
                      key: 'action',
                      header: t('payments.status'),
                      hideHeader: true,
                      align: 'right' as const,
                      cell: (request: PaymentRequest) =>
                        request.status === 'pending' ? actionOf(request) : null,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Stack>
    </Section>
  );
}
