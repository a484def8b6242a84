import { orderQuoteSchema, type OrderDetail, type ParcelInput } from '@despacho/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocations } from '../../../lib/api/locations';
import { PageHeader } from '../../../ui/PageHeader';
import { OrderParcelFields } from '../components/OrderParcelFields';
import { ORDERS_PATH, WithOrder } from '../components/OrderState';
import { fulfilSearch } from '../fulfil-draft';

type Parcel = Pick<ParcelInput, 'length' | 'width' | 'height' | 'weight' | 'package_id'>;

/**
 * `orders/create-fulfillment?order=<id>`: which lines and how many units this guide carries (fewer
 * than remaining is a partial fulfilment), from which location, in which parcel → the rates.
 */
export function CreateFulfillmentPage() {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const [params] = useSearchParams();
  const id = params.get('order');
  return (
    <>
      <PageHeader
        title={nav('screens.ordersCreateFulfillment.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.orders.title'), to: ORDERS_PATH },
          { label: t('fulfil.step1') },
        ]}
      />
      <WithOrder id={id}>{(order) => <FulfilForm order={order} />}</WithOrder>
    </>
  );
}

function FulfilForm({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const open = order.lines.filter((line) => line.remaining_quantity > 0 && line.variant_id);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((line) => [line.id, line.remaining_quantity])),
  );
  const locations = useLocations({ page: 1, pageSize: 100 });
  const [picked, setPicked] = useState<string | null>(null);
  const places = locations.data?.data ?? [];
  // The order's own location is offered first when it is one of the address book's.
  const origin =
    picked ?? (places.some((place) => place.id === order.location_id) ? order.location_id : null);
  const [parcel, setParcel] = useState<Parcel>({
    length: 0,
    width: 0,
    height: 0,
    weight: 0,
    package_id: null,
  });
  const [submitted, setSubmitted] = useState(false);

  const quantityError = (lineId: string, remaining: number) => {
    const quantity = quantities[lineId] ?? 0;
    if (!Number.isInteger(quantity) || quantity < 0) return t('fulfil.quantityInvalid');
    return quantity > remaining ? t('fulfil.quantityMax', { count: remaining }) : undefined;
  };
  const lines = open
    .map((line) => ({ line_id: line.id, quantity: quantities[line.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const request = {
    origin_id: origin ?? '',
    lines,
    parcels: [{ unit: 'cm_kg' as const, ...parcel }],
  };
  const parcelError = Object.fromEntries(
    (['length', 'width', 'height', 'weight'] as const)
      .filter((field) => submitted && !(parcel[field] > 0))
      .map((field) => [field, t('fulfil.sizeRequired')]),
  );
  const valid =
    open.every((line) => !quantityError(line.id, line.remaining_quantity)) &&
    orderQuoteSchema.safeParse(request).success;

  return (
    <Stack gap="lg">
      {order.flags.includes('address_doubtful') && (
        <Alert color="orange">{t('detail.flags.address_doubtful')}</Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('fulfil.lines', { number: order.number })}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('fulfil.linesHint')}
          </Text>
          {/* Fits a 390 px phone's card (326 px) without scrolling the quantity out of sight. */}
          <Table.ScrollContainer minWidth={300}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.lines.product')}</Table.Th>
                  <Table.Th ta="right">{t('detail.lines.remaining')}</Table.Th>
                  <Table.Th w={104}>{t('fulfil.ship')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Text fz="sm">{line.title}</Text>
                      <Text fz="xs" c="dimmed">
                        {line.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{line.remaining_quantity}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('fulfil.shipOf', { title: line.title })}
                        min={0}
                        allowDecimal={false}
                        value={quantities[line.id] ?? 0}
                        onChange={(value) =>
                          setQuantities((all) => ({ ...all, [line.id]: Number(value) }))
                        }
                        error={quantityError(line.id, line.remaining_quantity)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {submitted && lines.length === 0 && (
            <Text c="red" fz="sm" role="alert">
              {t('fulfil.nothing')}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('fulfil.originAndParcel')}
          </Title>
          <Select
            label={t('fulfil.origin')}
            withAsterisk
            data={places.map((location) => ({
              value: location.id,
              label: `${location.alias} · ${location.zip}`,
            }))}
            value={origin}
            onChange={setPicked}
            error={submitted && !origin ? t('fulfil.originRequired') : undefined}
          />
          <OrderParcelFields parcel={parcel} onChange={setParcel} error={parcelError} />
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(`${ORDERS_PATH}/${order.id}`)}>
          {t('fulfil.back')}
        </Button>
        <Button
          onClick={() => {
            setSubmitted(true);
            if (valid) navigate(`${ORDERS_PATH}/quote-shipping${fulfilSearch(order.id, request)}`);
          }}
        >
          {t('fulfil.quote')}
        </Button>
      </Group>
    </Stack>
  );
}
