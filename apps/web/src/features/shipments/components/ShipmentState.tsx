import type { ShipmentDetail } from '@despacho/domain';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { useShipment } from '../api';
import { SHIPMENTS_PATH } from '../paths';

/**
 * One guide by id: a skeleton while it loads, a not-found message for an id the organization does
 * not have, the server's message for any other failure, otherwise `children` with the guide.
 */
export function WithShipment({
  id,
  children,
}: {
  id: string | undefined;
  children: (shipment: ShipmentDetail) => ReactNode;
}) {
  const { t } = useTranslation('shipments');
  const shipment = useShipment(id);
  const notFound =
    shipment.invalidId || (shipment.error instanceof ApiError && shipment.error.status === 404);

  if (notFound) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <IconPackageOff size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Title order={2} fz="lg">
            {t('detail.notFound.title')}
          </Title>
          <Text c="dimmed" maw={440}>
            {t('detail.notFound.text')}
          </Text>
          <Button component={Link} to={SHIPMENTS_PATH} variant="light">
            {t('detail.notFound.back')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  // A failed refresh keeps showing the guide already loaded.
  if (shipment.isError && !shipment.data) {
    return (
      <Alert color="red" title={t('detail.loadError')}>
        {messageOf(shipment.error)}
      </Alert>
    );
  }
  if (!shipment.data) {
    return (
      <Stack aria-busy="true" aria-label={t('detail.loading')}>
        <Skeleton h={160} radius="lg" />
        <Skeleton h={240} radius="lg" />
      </Stack>
    );
  }
  return <>{children(shipment.data)}</>;
}
