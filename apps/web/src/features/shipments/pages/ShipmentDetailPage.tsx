import { hasPermission, type ShipmentDetail } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  CopyButton,
  Flex,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowRight,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconLoader2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { useShipment } from '../api';
import { CancellationCard } from '../components/CancellationCard';
import { ChargesCard } from '../components/ChargesCard';
import { LabelActions } from '../components/LabelActions';
import { PackagesTable } from '../components/PackagesTable';
import { PartyCard } from '../components/PartyCard';
import { WithShipment } from '../components/ShipmentState';
import { ShipmentStatusBadge } from '../components/ShipmentStatusBadge';
import { TrackingTimeline } from '../../../ui/TrackingTimeline';
import { useDateFormat } from '../../../lib/dates';
import { PICKUP_PATH, SHIPMENTS_PATH } from '../paths';
import { Fact } from '../../../ui/Fact';

/**
 * `shippings/:id`: one guide — route with contacts, packages and products with their SAT keys,
 * charges, the label, the tracking timeline, its pickup, the public tracking link and the
 * cancellation.
 */
export function ShipmentDetailPage() {
  const { t } = useTranslation('shipments');
  const { t: nav } = useTranslation('navigation');
  const { id } = useParams();
  const shipment = useShipment(id);
  const data = shipment.data;
  const title = data
    ? data.tracking_number
      ? t('detail.title', { tracking: data.tracking_number })
      : t('detail.titleNoTracking')
    : nav('screens.shippingDetail.title');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: nav('modules.shipments') },
          { label: nav('screens.shippings.title'), to: SHIPMENTS_PATH },
          { label: title },
        ]}
        badge={
          data && (
            <ShipmentStatusBadge
              status={data.status}
              purchaseState={data.purchase_state}
              cancellationRequested={Boolean(data.cancellation_requested_at)}
              size="lg"
            />
          )
        }
      />
      <WithShipment id={id}>{(loaded) => <ShipmentDetails shipment={loaded} />}</WithShipment>
    </>
  );
}

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function ShipmentDetails({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  const permissions = useSession()?.user.permissions ?? [];
  const purchased = shipment.purchase_state === 'purchased';
  const tracking = shipment.tracking_number;
  // The page's address on the configured public domain (APP_URL): what the merchant shares.
  const publicUrl = shipment.tracking_url;

  return (
    <Stack gap="lg">
      {shipment.purchase_state === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('detail.failed.title')}>
          {shipment.failure_reason
            ? t('detail.failed.reason', { reason: shipment.failure_reason })
            : t('detail.failed.noReason')}
        </Alert>
      )}
      {shipment.purchase_state === 'purchasing' && (
        <Alert color="yellow" icon={<IconLoader2 size={18} />} title={t('detail.purchasing.title')}>
          {t('detail.purchasing.text')}
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Section title={t('detail.route.title')}>
              {/* Side by side from 600 px; on a phone one above the other, the arrow pointing down. */}
              <Flex direction={{ base: 'column', xs: 'row' }} align="stretch" gap="sm">
                <Box flex={1}>
                  <PartyCard title={t('detail.route.origin')} party={shipment.origin} />
                </Box>
                <Center hiddenFrom="xs" aria-hidden="true">
                  <IconArrowDown size={24} />
                </Center>
                <Center visibleFrom="xs" style={{ flexShrink: 0 }} aria-hidden="true">
                  <IconArrowRight size={24} />
                </Center>
                <Box flex={1}>
                  <PartyCard title={t('detail.route.destination')} party={shipment.destination} />
                </Box>
              </Flex>
            </Section>

            <Section title={t('detail.packages.title', { count: shipment.packages.length })}>
              <PackagesTable packages={shipment.packages} />
            </Section>

            <Section
              title={t('timeline.title')}
              action={
                publicUrl && (
                  <Anchor href={publicUrl} target="_blank" rel="noopener" fz="sm">
                    <Group gap={4} wrap="nowrap">
                      {t('detail.publicTracking.open')}
                      <IconExternalLink size={14} />
                    </Group>
                  </Anchor>
                )
              }
            >
              <TrackingTimeline events={shipment.events} />
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Section
              title={t('detail.summary.title')}
              action={
                shipment.sandbox && (
                  <Badge color="grape" variant="light">
                    {t('detail.summary.sandbox')}
                  </Badge>
                )
              }
            >
              <SimpleGrid cols={2} spacing="sm">
                <Fact label={t('detail.summary.carrier')}>{shipment.carrier_name}</Fact>
                <Fact label={t('detail.summary.service')}>{shipment.service_name}</Fact>
                <Fact label={t('detail.summary.tracking')}>
                  <Text ff="monospace" fz="sm">
                    {tracking ?? '—'}
                  </Text>
                </Fact>
                <Fact label={t('detail.summary.reference')}>{shipment.reference ?? '—'}</Fact>
                <Fact label={t('detail.summary.created')}>
                  {dates.dateTime(shipment.created_at)}
                </Fact>
                <Fact label={t('detail.summary.estimatedDelivery')}>
                  {dates.day(shipment.rate.estimated_delivery)}
                </Fact>
                <Fact label={t('detail.summary.zone')}>
                  {shipment.rate.extended_zone
                    ? t('detail.summary.zoneExtended', { zone: shipment.rate.zone })
                    : shipment.rate.zone}
                </Fact>
                <Fact label={t('detail.summary.transit')}>
                  {t('detail.summary.transitDays', {
                    min: shipment.rate.transit_days.min,
                    max: shipment.rate.transit_days.max,
                    count: shipment.rate.transit_days.max,
                  })}
                </Fact>
              </SimpleGrid>
            </Section>

            <Section title={t('detail.charges.title')}>
              <ChargesCard shipment={shipment} />
            </Section>

            {purchased && tracking && (
              <Section title={t('detail.label.title')}>
                {shipment.status === 'cancelled' ? (
                  <Text fz="sm" c="dimmed">
                    {t('detail.label.void')}
                  </Text>
                ) : (
                  <LabelActions shipment={shipment} />
                )}
              </Section>
            )}

            {purchased && (
              <Section title={t('detail.pickup.title')}>
                {shipment.pickup ? (
                  <SimpleGrid cols={2} spacing="sm">
                    <Fact label={t('detail.pickup.confirmation')}>
                      <Text ff="monospace" fz="sm">
                        {shipment.pickup.confirmation_number}
                      </Text>
                    </Fact>
                    <Fact label={t('detail.pickup.date')}>{dates.day(shipment.pickup.date)}</Fact>
                    <Fact label={t('detail.pickup.window')}>
                      {t('detail.pickup.range', {
                        start: shipment.pickup.start,
                        end: shipment.pickup.end,
                      })}
                    </Fact>
                  </SimpleGrid>
                ) : shipment.status === 'created' && shipment.cancellation_requested_at ? (
                  // Being cancelled, it left its pickup and needs none.
                  <Text fz="sm" c="dimmed">
                    {t('detail.pickup.cancelling')}
                  </Text>
                ) : shipment.status === 'created' ? (
                  <Stack gap="xs" align="flex-start">
                    <Text fz="sm" c="dimmed">
                      {t('detail.pickup.none')}
                    </Text>
                    {hasPermission(permissions, 'shipments.pickup') && (
                      <Button component={Link} to={PICKUP_PATH} variant="light" size="sm">
                        {t('detail.pickup.request')}
                      </Button>
                    )}
                  </Stack>
                ) : (
                  // Cancelled, it was never collected; any later status means it was.
                  <Text fz="sm" c="dimmed">
                    {shipment.status === 'cancelled'
                      ? t('detail.pickup.cancelled')
                      : t('detail.pickup.notNeeded')}
                  </Text>
                )}
              </Section>
            )}

            {tracking && publicUrl && (
              <Section title={t('detail.publicTracking.title')}>
                <Text fz="sm" c="dimmed" mb="xs">
                  {t('detail.publicTracking.text')}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    href={publicUrl}
                    target="_blank"
                    rel="noopener"
                    fz="sm"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {publicUrl}
                  </Anchor>
                  <CopyButton value={publicUrl}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="subtle"
                        // The link breaks anywhere; the button keeps its whole label.
                        flex="none"
                        onClick={copy}
                        leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      >
                        {copied
                          ? t('detail.publicTracking.copied')
                          : t('detail.publicTracking.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Section>
            )}

            {purchased && (
              <Section title={t('detail.cancel.title')}>
                <CancellationCard shipment={shipment} />
              </Section>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
