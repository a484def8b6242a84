import { formatMoney, type ShipmentDetail } from '@despacho/domain';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconCircleCheck,
  IconDownload,
  IconFlask,
  IconPrinter,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openFile, saveFile } from '../../../../lib/open-file';
import { messageOf } from '../../../../lib/server-errors';
import { CarrierLogo } from '../../../../ui/CarrierLogo';
import { useDateFormat } from '../../../../lib/dates';
import { PICKUP_PATH, shipmentPath } from '../../paths';
import { shipmentsApi } from '../../api';

/**
 * After paying: the guide's tracking number and carrier, the label (print, PDF, ZPL), the pickup
 * booked automatically (or that it is pending, with the way to request it), and where to go next.
 */
export function ShipmentResult({
  shipment,
  canRequestPickup,
  onAnother,
}: {
  shipment: ShipmentDetail;
  canRequestPickup: boolean;
  onAnother: () => void;
}) {
  const { t } = useTranslation('shipment-create');
  const dates = useDateFormat();
  const tracking = shipment.tracking_number ?? shipment.id;
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) });
  const print = () =>
    void openFile(() => shipmentsApi.labelPdf(shipment.id), `guia-${tracking}.pdf`).catch(failed);
  const download = (format: 'pdf' | 'zpl') =>
    void (
      format === 'pdf' ? shipmentsApi.labelPdf(shipment.id) : shipmentsApi.labelZpl(shipment.id)
    )
      .then((blob) => saveFile(blob, `guia-${tracking}.${format}`))
      .catch(failed);
  const pickup = shipment.pickup;

  return (
    <Stack gap="lg" component="section" aria-labelledby="shipment-result">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group gap="sm">
            <ThemeIcon color="teal" variant="light" size="lg" radius="xl">
              <IconCircleCheck size={22} />
            </ThemeIcon>
            <Title order={2} fz="xl" id="shipment-result">
              {t('result.title')}
            </Title>
          </Group>
          <Group gap="lg" align="center">
            <CarrierLogo carrierKey={shipment.carrier_key} />
            <div>
              <Text fz="sm" c="dimmed">
                {t('result.tracking')}
              </Text>
              <Text fz={28} fw={800} ff="monospace" data-testid="tracking-number">
                {shipment.tracking_number}
              </Text>
            </div>
            <div>
              <Text fz="sm" c="dimmed">
                {t('result.carrier')}
              </Text>
              <Text fw={600}>
                {shipment.carrier_name} {shipment.service_name}
              </Text>
            </div>
          </Group>
          <Text fz="sm">{t('result.charged', { total: formatMoney(shipment.charges.total) })}</Text>
          {shipment.sandbox && (
            <Group gap={6} c="yellow">
              <IconFlask size={16} aria-hidden />
              <Text fz="sm">{t('result.sandbox')}</Text>
            </Group>
          )}
          <Group gap="sm">
            <Button leftSection={<IconPrinter size={18} />} onClick={print}>
              {t('result.print')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              onClick={() => download('pdf')}
            >
              {t('result.downloadPdf')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              onClick={() => download('zpl')}
            >
              {t('result.downloadZpl')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {pickup ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCalendarEvent size={18} />}
          title={t('result.pickupTitle')}
        >
          <Text fz="sm">
            {t('result.pickupWhen', {
              weekday: dates.weekday(pickup.date),
              date: dates.day(pickup.date),
              start: pickup.start,
              end: pickup.end,
            })}
          </Text>
          <Text fz="sm">
            {t('result.pickupConfirmation', { number: pickup.confirmation_number })}
          </Text>
        </Alert>
      ) : (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconTruckDelivery size={18} />}
          title={t('result.pickupPending')}
        >
          <Text fz="sm">{t('result.pickupPendingHint')}</Text>
          {canRequestPickup && (
            <Anchor component={Link} to={PICKUP_PATH} fz="sm" fw={600}>
              {t('result.requestPickup')}
            </Anchor>
          )}
        </Alert>
      )}

      <Group gap="sm">
        <Button component={Link} to={shipmentPath(shipment.id)} variant="default">
          {t('result.view')}
        </Button>
        <Button variant="subtle" onClick={onAnother}>
          {t('result.another')}
        </Button>
      </Group>
    </Stack>
  );
}
