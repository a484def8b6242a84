import { formatMoney, hasPermission, type DashboardSummary } from '@despacho/domain';
import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { useDashboardSummary } from '../api';

type Figure = Exclude<keyof DashboardSummary, 'currency'>;

const FIGURES: { figure: Figure; label: string; money?: boolean }[] = [
  { figure: 'shipments_made', label: 'shipmentsMade' },
  { figure: 'ecommerce_orders', label: 'ecommerceOrders' },
  { figure: 'total_purchases_centavos', label: 'totalPurchases', money: true },
  { figure: 'balance_centavos', label: 'balance', money: true },
  { figure: 'unread_notifications', label: 'unreadNotifications' },
];

const count = new Intl.NumberFormat('es-MX');

/** The five figures of the dashboard, amounts in pesos as Mexico writes them. */
export function SummaryFigures() {
  const { t } = useTranslation('dashboard');
  const summary = useDashboardSummary();
  // The shipments figure leads to the guides list too.
  const seesShipments = hasPermission(
    useSession()?.user.permissions ?? [],
    'shipments.create_shipment',
  );

  if (summary.isError) {
    return (
      <Alert color="red" title={t('figures.error')}>
        {messageOf(summary.error)}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 5 }} spacing="md">
      {FIGURES.map(({ figure, label, money }) => {
        const value = summary.data?.[figure];
        return (
          <Paper
            key={figure}
            withBorder
            radius="lg"
            p="md"
            role="group"
            aria-label={t(`figures.${label}`)}
          >
            <Text fz="sm" c="dimmed">
              {t(`figures.${label}`)}
            </Text>
            {value === undefined ? (
              <Skeleton h={32} mt={6} w="70%" />
            ) : (
              <Text fz={28} fw={700} lh={1.3} mt={4}>
                {money ? formatMoney(value, summary.data?.currency) : count.format(value)}
              </Text>
            )}
            {figure === 'shipments_made' && seesShipments && (
              <Anchor component={Link} to="/app/shippings" fz="sm">
                {t('figures.viewShipments')}
              </Anchor>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
