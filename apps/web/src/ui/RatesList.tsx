import { formatMoney, type RateView, type UnavailableCarrier } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  rem,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBolt, IconCheck, IconFlask, IconPigMoney, IconTruckOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../lib/dates';
import { formatKg } from '../lib/weight';
import { CarrierLogo } from './CarrierLogo';

const CARRIERS_SETTINGS_PATH = '/app/settings/carriers';

export function transitText(rate: Pick<RateView, 'transit_days'>, t: TFunction<'shipment-create'>) {
  const { min, max } = rate.transit_days;
  if (max === 0) return t('rates.sameDay');
  if (min === max) return t('rates.days', { count: min });
  return t('rates.range', { min, max });
}

/**
 * The rates of a quote, cheapest first (quick quote and the wizard's quote step), one compact row
 * each: the carrier's wordmark and service with the "cheapest" / "fastest" / sandbox badges,
 * transit and estimated delivery, the total, and on demand the price breakdown and billable
 * weight. Carriers that answered no rate are
 * listed with their reason; no rate at all has its own message with a way to the carriers'
 * settings (`canOpenSettings`). `onChoose` adds the action of each rate; `selectedId` marks one.
 */
export function RatesList({
  rates,
  unavailable,
  chooseLabel,
  onChoose,
  selectedId,
  canOpenSettings = false,
}: {
  rates: readonly RateView[];
  unavailable: readonly UnavailableCarrier[];
  chooseLabel?: string;
  onChoose?: (rate: RateView) => void;
  selectedId?: string | null;
  canOpenSettings?: boolean;
}) {
  const { t } = useTranslation('shipment-create');
  const sorted = rates.toSorted((a, b) => a.total - b.total || a.id.localeCompare(b.id));

  return (
    <Stack gap="md">
      {sorted.length === 0 ? (
        <Alert color="orange" variant="light" icon={<IconTruckOff size={18} />} role="status">
          <Text fw={600} fz="sm">
            {t('rates.empty.title')}
          </Text>
          <Text fz="sm">{t('rates.empty.hint')}</Text>
          {canOpenSettings && (
            <Anchor component={Link} to={CARRIERS_SETTINGS_PATH} fz="sm" fw={600}>
              {t('rates.empty.link')}
            </Anchor>
          )}
        </Alert>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} aria-label={t('rates.label')}>
          {sorted.map((rate) => (
            <RateRow
              key={rate.id}
              rate={rate}
              selected={rate.id === selectedId}
              chooseLabel={chooseLabel}
              onChoose={onChoose}
            />
          ))}
        </Stack>
      )}
      {unavailable.length > 0 && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby="rates-unavailable"
        >
          <Title order={3} fz="sm" id="rates-unavailable" mb="xs">
            {t('rates.unavailable.title')}
          </Title>
          <List size="sm" spacing={4}>
            {unavailable.map((carrier) => (
              <List.Item key={carrier.carrier_key}>
                {t('rates.unavailable.item', {
                  carrier: carrier.carrier_name,
                  reason: carrier.reason,
                })}
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * One rate as a compact row, so a whole quote fits on a laptop screen: wordmark, name and
 * badges; transit and delivery date; the total; choosing. The breakdown and the billable weight
 * open under the row on demand.
 */
function RateRow({
  rate,
  selected,
  chooseLabel,
  onChoose,
}: {
  rate: RateView;
  selected: boolean;
  chooseLabel?: string;
  onChoose?: (rate: RateView) => void;
}) {
  const dates = useDateFormat();
  const { t } = useTranslation('shipment-create');
  const [open, setOpen] = useState(false);
  const name = `${rate.carrier_name} ${rate.service_name}`;
  const titleId = `rate-${rate.id.replace(/[^\w-]/g, '-')}`;
  const detailsId = `${titleId}-details`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      px="md"
      py="xs"
      aria-labelledby={titleId}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{
        listStyle: 'none',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 16rem' }}>
          <CarrierLogo carrierKey={rate.carrier_key} />
          <div>
            <Title order={3} fz="sm" id={titleId}>
              {name}
            </Title>
            <Group gap={4} mt={2}>
              {rate.cheapest && (
                <Badge
                  size="xs"
                  color="teal"
                  variant="light"
                  leftSection={<IconPigMoney size={10} />}
                >
                  {t('rates.cheapest')}
                </Badge>
              )}
              {rate.fastest && (
                <Badge
                  size="xs"
                  color="violet"
                  variant="light"
                  leftSection={<IconBolt size={10} />}
                >
                  {t('rates.fastest')}
                </Badge>
              )}
              {rate.sandbox && (
                <Tooltip label={t('rates.sandboxHint')}>
                  <Badge
                    size="xs"
                    color="yellow"
                    variant="light"
                    leftSection={<IconFlask size={10} />}
                  >
                    {t('rates.sandbox')}
                  </Badge>
                </Tooltip>
              )}
            </Group>
          </div>
        </Group>
        <Stack gap={0} style={{ flex: '1 1 10rem' }}>
          <Text fz="sm" fw={600}>
            {transitText(rate, t)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('rates.delivery', { date: dates.day(rate.estimated_delivery) })}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Stack gap={0} align="flex-end">
            <Text fz="lg" fw={800} data-testid="rate-total">
              {formatMoney(rate.total)}
            </Text>
            <Anchor
              component="button"
              type="button"
              fz="xs"
              // On the chosen row's tinted background the anchor's shade 7 falls under 4.5:1.
              c={selected ? 'var(--mantine-primary-color-9)' : undefined}
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`${t('rates.showBreakdown')}: ${name}`}
              onClick={() => setOpen((shown) => !shown)}
            >
              {t('rates.showBreakdown')}
            </Anchor>
          </Stack>
          {onChoose && (
            <Button
              size="xs"
              miw={rem(110)}
              variant={selected ? 'filled' : 'light'}
              leftSection={selected ? <IconCheck size={14} /> : undefined}
              aria-pressed={selected}
              aria-label={`${selected ? t('rates.chosen') : (chooseLabel ?? t('rates.choose'))}: ${name}`}
              onClick={() => onChoose(rate)}
            >
              {selected ? t('rates.chosen') : (chooseLabel ?? t('rates.choose'))}
            </Button>
          )}
        </Group>
      </Group>
      {open && (
        <Group id={detailsId} mt="xs" gap="xl" align="flex-start" wrap="wrap">
          <Table
            variant="vertical"
            fz="xs"
            verticalSpacing={0}
            withRowBorders={false}
            w="auto"
            aria-label={t('rates.breakdown', {
              carrier: rate.carrier_name,
              service: rate.service_name,
            })}
          >
            <Table.Tbody>
              <Row label={t('rates.base')} amount={rate.base} />
              <Row label={t('rates.fuel')} amount={rate.fuel_surcharge} />
              <Row label={t('rates.extendedZone')} amount={rate.extended_zone_surcharge} />
              <Row label={t('rates.vat')} amount={rate.vat} />
              <Row label={t('rates.total')} amount={rate.total} strong />
            </Table.Tbody>
          </Table>
          <Text fz="xs" c="dimmed">
            {t('rates.billable', { weight: formatKg(rate.billable_weight_kg) })}
          </Text>
        </Group>
      )}
    </Paper>
  );
}

function Row({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th fw={strong ? 700 : 400} bg="transparent">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400}>
        {formatMoney(amount)}
      </Table.Td>
    </Table.Tr>
  );
}
