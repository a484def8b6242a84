import type { OrderDetail } from '@despacho/domain';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { useOrder } from '../order-api';

export const ORDERS_PATH = '/app/orders';

/**
 * One order by id: a skeleton while it loads, a not-found message for an id the organization does
 * not have (or not an id at all), the server's message for any other failure, else `children`.
 */
export function WithOrder({
  id,
  children,
}: {
  id: string | null | undefined;
  children: (order: OrderDetail) => ReactNode;
}) {
  const { t } = useTranslation('orders');
  const order = useOrder(id ?? undefined);
  const notFound =
    !id || (order.error instanceof ApiError && [400, 404].includes(order.error.status));
  if (notFound) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} fz="lg">
            {t('detail.notFound.title')}
          </Title>
          <Text c="dimmed">{t('detail.notFound.text')}</Text>
          <Button component={Link} to={ORDERS_PATH} variant="light">
            {t('detail.notFound.back')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (order.error) return <Alert color="red">{messageOf(order.error)}</Alert>;
  if (!order.data) return <Skeleton height={320} radius="md" />;
  return children(order.data);
}
