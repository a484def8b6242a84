import {
  formatMoney,
  hasPermission,
  type DayRange,
  type PeriodFigures,
  type PermissionKey,
} from '@despacho/domain';
import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { useDashboardSummary } from '../api';
import { FigureChangeText } from './FigureChangeText';

/** Where a figure leads: its list, narrowed to the period's days when the list filters by day. */
type FigureLink = { to: string; label: string; permission: PermissionKey; byDays: boolean };

const FIGURES: { figure: keyof PeriodFigures; label: string; money?: boolean; link: FigureLink }[] =
  [
    {
      figure: 'shipments_made',
      label: 'shipmentsMade',
      link: {
        to: '/app/shippings',
        label: 'viewShipments',
        permission: 'shipments.create_shipment',
        byDays: true,
      },
    },
    {
      figure: 'ecommerce_orders',
      label: 'ecommerceOrders',
      link: {
        to: '/app/orders',
        label: 'viewOrders',
        permission: 'ecommerce.orders',
        byDays: true,
      },
    },
    {
      figure: 'total_purchases_centavos',
      label: 'totalPurchases',
      money: true,
      link: {
        to: '/app/finance/transactions',
        label: 'viewMovements',
        permission: 'finances.purchases',
        byDays: true,
      },
    },
    {
      figure: 'balance_centavos',
      label: 'balance',
      money: true,
      // A balance is of a moment: every movement led to it.
      link: {
        to: '/app/finance/transactions',
        label: 'viewMovements',
        permission: 'finances.purchases',
        byDays: false,
      },
    },
  ];

const count = new Intl.NumberFormat('es-MX');

const hrefOf = (link: FigureLink, days: DayRange) =>
  link.byDays ? `${link.to}?${new URLSearchParams({ from: days.from, to: days.to })}` : link.to;

/** The five figures of the dashboard for the page's period, amounts in pesos as Mexico writes them. */
export function SummaryFigures() {
  const { t } = useTranslation('dashboard');
  const summary = useDashboardSummary();
  const permissions = useSession()?.user.permissions ?? [];

  if (summary.isError) {
    return (
      <Alert color="red" title={t('figures.error')}>
        {messageOf(summary.error)}
      </Alert>
    );
  }
  const data = summary.data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 5 }} spacing="md">
      {FIGURES.map(({ figure, label, money, link }) => (
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
          {data === undefined ? (
            <Skeleton h={32} mt={6} w="70%" />
          ) : (
            <Stack gap={2} mt={4}>
              <Text fz={28} fw={700} lh={1.3}>
                {money ? formatMoney(data[figure], data.currency) : count.format(data[figure])}
              </Text>
              <FigureChangeText current={data[figure]} previous={data.previous[figure]} />
              {hasPermission(permissions, link.permission) && (
                <Anchor component={Link} to={hrefOf(link, data.ranges.current)} fz="sm">
                  {t(`figures.${link.label}`)}
                </Anchor>
              )}
            </Stack>
          )}
        </Paper>
      ))}
      <Paper
        withBorder
        radius="lg"
        p="md"
        role="group"
        aria-label={t('figures.unreadNotifications')}
      >
        <Text fz="sm" c="dimmed">
          {t('figures.unreadNotifications')}
        </Text>
        {data === undefined ? (
          <Skeleton h={32} mt={6} w="70%" />
        ) : (
          <Text fz={28} fw={700} lh={1.3} mt={4}>
            {count.format(data.unread_notifications)}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
