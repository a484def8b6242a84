import { formatMoney, type T1Shipment } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useCountryName } from '../../../ui/countries';
import { Fact } from '../../../ui/Fact';
import { LabelButtons } from '../../../ui/LabelButtons';
import { GuideCancellation } from '../../../ui/GuideCancellation';
import { PageHeader } from '../../../ui/PageHeader';
import { TrackingTimeline } from '../../../ui/TrackingTimeline';
import { internationalApi, useT1Cancellation, useT1Shipment } from '../api';
import { CustomsStatusBadge } from '../components/CustomsStatusBadge';
import { CustomsTimeline } from '../components/CustomsTimeline';
import { DeclarationView } from '../components/DeclarationView';
import { DutiesCard } from '../components/DutiesCard';
import { Section } from '../components/Section';
import { T1_LIST_PATH } from '../paths';

/**
 * `detalles-envio/T1/:id`: one international shipment — the label and the commercial invoice to
 * download, the carrier's tracking, where it stands with customs, and the declaration as bought
 * with its duties estimate.
 */
export function T1DetailPage() {
  const { t } = useTranslation('international');
  const { t: nav } = useTranslation('navigation');
  const { id = '' } = useParams();
  const query = useT1Shipment(id);
  const data = query.data;
  const title = data?.shipment.tracking_number
    ? t('detail.title', { tracking: data.shipment.tracking_number })
    : nav('screens.detailT1.title');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: nav('modules.international_trade') },
          { label: nav('screens.createT1.title'), to: T1_LIST_PATH },
          { label: title },
        ]}
        badge={data && <CustomsStatusBadge status={data.customs_status} size="lg" />}
      />
      {query.isPending ? (
        <Skeleton h={400} />
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          <Text fz="sm">{messageOf(query.error)}</Text>
          <Anchor component={Link} to={T1_LIST_PATH} fz="sm">
            {t('detail.backToList')}
          </Anchor>
        </Alert>
      ) : (
        <Details shipment={query.data} />
      )}
    </>
  );
}

function Details({ shipment }: { shipment: T1Shipment }) {
  const { t } = useTranslation('international');
  const dates = useDateFormat();
  const countryName = useCountryName();
  const guide = shipment.shipment;
  const issued = guide.purchase_state === 'purchased' && Boolean(guide.tracking_number);
  const mexican = shipment.direction === 'export' ? guide.origin : guide.destination;
  const abroad = shipment.abroad;

  return (
    <Stack gap="lg">
      {guide.purchase_state === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('detail.failed')}>
          {guide.failure_reason ?? '—'}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <Section title={t('detail.route')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Fact label={t(`detail.mexico.${shipment.direction}`)}>
                  <Text fz="sm" fw={600}>
                    {mexican.contact_name}
                  </Text>
                  <Text fz="sm">
                    {`${mexican.street} ${mexican.external_number}, ${mexican.zip} ${mexican.city}, ${mexican.state}`}
                  </Text>
                </Fact>
                <Fact label={t(`detail.abroad.${shipment.direction}`)}>
                  <Text fz="sm" fw={600}>
                    {[abroad.contact_name, abroad.company].filter(Boolean).join(' · ')}
                  </Text>
                  <Text fz="sm">
                    {[
                      abroad.line1,
                      abroad.line2,
                      `${abroad.postal_code} ${abroad.city}`,
                      abroad.state,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </Text>
                  <Text fz="sm">{countryName(abroad.country)}</Text>
                  <Text fz="xs" c="dimmed">
                    {`${abroad.phone} · ${abroad.email}`}
                  </Text>
                </Fact>
              </SimpleGrid>
            </Section>
            <Section title={t('detail.declaration')}>
              <Stack gap="md">
                <DeclarationView shipment={shipment} />
                <DutiesCard duties={shipment.duties} />
              </Stack>
            </Section>
            <Section title={t('detail.tracking')}>
              <TrackingTimeline events={guide.events} />
            </Section>
          </Stack>
        </Grid.Col>
        {/* On a phone the documents and the customs status come first. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <Section
              title={t('detail.summary')}
              action={
                guide.sandbox && (
                  <Badge color="grape" variant="light">
                    {t('detail.sandbox')}
                  </Badge>
                )
              }
            >
              <SimpleGrid cols={2} spacing="sm">
                <Fact
                  label={t('detail.carrier')}
                >{`${guide.carrier_name} ${guide.service_name}`}</Fact>
                <Fact label={t('detail.trackingNumber')}>
                  <Text ff="monospace" fz="sm">
                    {guide.tracking_number ?? '—'}
                  </Text>
                </Fact>
                <Fact label={t('detail.created')}>{dates.dateTime(shipment.created_at)}</Fact>
                <Fact label={t('detail.estimatedDelivery')}>
                  {dates.day(guide.rate.estimated_delivery)}
                </Fact>
                <Fact label={t('detail.guideCost')} fw={700}>
                  {formatMoney(guide.charges.total)}
                </Fact>
              </SimpleGrid>
            </Section>
            <Section title={t('detail.documents')}>
              {issued ? (
                <Stack gap="sm">
                  <LabelButtons
                    fileBase={`guia-${guide.tracking_number}`}
                    pdf={() => internationalApi.label(shipment.id)}
                    texts={{
                      print: t('detail.label.print'),
                      pdf: t('detail.label.pdf'),
                      failed: t('detail.label.failed'),
                    }}
                  />
                  <InvoiceButton shipment={shipment} />
                </Stack>
              ) : (
                <Text fz="sm" c="dimmed">
                  {t('detail.documentsPending')}
                </Text>
              )}
            </Section>
            {guide.purchase_state === 'purchased' && (
              <Section title={t('detail.cancel')}>
                <T1Cancellation shipment={shipment} />
              </Section>
            )}
            <Section title={t('detail.customs')}>
              <Group mb="sm">
                <CustomsStatusBadge status={shipment.customs_status} />
              </Group>
              <CustomsTimeline events={shipment.customs_events} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The commercial invoice, opened in a new tab (the browser's viewer prints or saves it). */
function InvoiceButton({ shipment }: { shipment: T1Shipment }) {
  const { t } = useTranslation('international');
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await openFile(
        () => internationalApi.commercialInvoice(shipment.id),
        `factura-comercial-${shipment.shipment.tracking_number ?? shipment.id}.pdf`,
      );
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('detail.invoiceFailed'),
        message: messageOf(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileInvoice size={18} />}
      loading={busy}
      onClick={() => void open()}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('detail.invoice')}
    </Button>
  );
}

function T1Cancellation({ shipment }: { shipment: T1Shipment }) {
  const { cancel, refresh } = useT1Cancellation(shipment.id);
  return <GuideCancellation shipment={shipment.shipment} cancel={cancel} refresh={refresh} />;
}
