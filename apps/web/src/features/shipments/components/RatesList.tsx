import { formatMoney, type RateView, type UnavailableCarrier } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBolt, IconCheck, IconFlask, IconPigMoney, IconTruckOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CarrierLogo } from '../../../ui/CarrierLogo';
import { formatKg } from '../format';
import { useDateFormat } from '../../../lib/dates';

const CARRIERS_SETTINGS_PATH = '/app/settings/carriers';

export function transitText(rate: Pick<RateView, 'transit_days'>, t: TFunction<'shipment-create'>) {
  const { min, max } = rate.transit_days;
  if (max === 0) return t('rates.sameDay');
  if (min === max) return t('rates.days', { count: min });
  return t('rates.range', { min, max });
}

/**
 * The rates of a quote, cheapest first (quick quote and the wizard's quote step): each carrier's
 * wordmark and service, transit and estimated delivery, billable weight, the price breakdown and
 * total, with the "cheapest" / "fastest" / sandbox badges. Carriers that answered no rate are
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
        <Stack gap="sm" component="ul" p={0} m={0} aria-label={t('rates.label')}>
          {sorted.map((rate) => (
            <RateCard
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

function RateCard({
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
  const name = `${rate.carrier_name} ${rate.service_name}`;
  const titleId = `rate-${rate.id.replace(/[^\w-]/g, '-')}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      aria-labelledby={titleId}
      style={{
        listStyle: 'none',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center" wrap="nowrap">
          <CarrierLogo carrierKey={rate.carrier_key} />
          <div>
            <Title order={3} fz="md" id={titleId}>
              {name}
            </Title>
            <Group gap={6} mt={4}>
              {rate.cheapest && (
                <Badge color="teal" variant="light" leftSection={<IconPigMoney size={12} />}>
                  {t('rates.cheapest')}
                </Badge>
              )}
              {rate.fastest && (
                <Badge color="violet" variant="light" leftSection={<IconBolt size={12} />}>
                  {t('rates.fastest')}
                </Badge>
              )}
              {rate.sandbox && (
                <Tooltip label={t('rates.sandboxHint')}>
                  <Badge color="yellow" variant="light" leftSection={<IconFlask size={12} />}>
                    {t('rates.sandbox')}
                  </Badge>
                </Tooltip>
              )}
            </Group>
          </div>
        </Group>
        <Stack gap={4} align="flex-end">
          <Text fz="xl" fw={800} data-testid="rate-total">
            {formatMoney(rate.total)}
          </Text>
          {onChoose && (
            <Button
              size="sm"
              variant={selected ? 'filled' : 'light'}
              leftSection={selected ? <IconCheck size={16} /> : undefined}
              aria-pressed={selected}
              aria-label={`${selected ? t('rates.chosen') : (chooseLabel ?? t('rates.choose'))}: ${name}`}
              onClick={() => onChoose(rate)}
            >
              {selected ? t('rates.chosen') : (chooseLabel ?? t('rates.choose'))}
            </Button>
          )}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" spacing="md">
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {transitText(rate, t)}
          </Text>
          <Text fz="sm">{t('rates.delivery', { date: dates.day(rate.estimated_delivery) })}</Text>
          <Text fz="sm" c="dimmed">
            {t('rates.billable', { weight: formatKg(rate.billable_weight_kg) })}
          </Text>
        </Stack>
        <Table
          variant="vertical"
          fz="sm"
          verticalSpacing={2}
          withRowBorders={false}
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
      </SimpleGrid>
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
