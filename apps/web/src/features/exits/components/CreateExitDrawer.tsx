import { exitCreateSchema, exitLineSchema, type InventoryRow } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { exitsApi, useExitChoices, useRefreshExits } from '../api';
import { quantityError, type TypedQuantity } from './quantity-error';

interface Line {
  variant_id: string;
  label: string;
  available: number;
  quantity: TypedQuantity;
}

/** Where a destination of each kind is added, for an empty list. */
const ADD_DESTINATION = { customer: '/app/create', location: '/app/settings/locations' } as const;

const rowLabel = (row: InventoryRow) =>
  [row.sku, row.product_name, row.variant_title].filter(Boolean).join(' · ');

/**
 * A new exit: the platform warehouse, the destination (a customer's default address or one of
 * the organization's locations) and the lines, picked from what is available at the warehouse
 * each quantity checked against what is available there (the server checks again when the exit
 * is sent).
 */
export function CreateExitDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('exits');
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [kind, setKind] = useState<'customer' | 'location'>('customer');
  const [destinationId, setDestinationId] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = useExitChoices(warehouseId, debounced);
  const refresh = useRefreshExits();

  const customers = choices.customers.data?.data ?? [];
  const locations = choices.locations.data?.data ?? [];
  const destinationsLoaded =
    kind === 'customer' ? choices.customers.isSuccess : choices.locations.isSuccess;
  const noDestinations =
    destinationsLoaded && (kind === 'customer' ? customers : locations).length === 0;
  // A quantity out of range shows its error as typed; one not typed yet, once sending is tried.
  const [tried, setTried] = useState(false);
  const lineError = (line: Line) =>
    !tried && typeof line.quantity !== 'number'
      ? undefined
      : quantityError(exitLineSchema.shape.quantity, line.quantity, {
          max: line.available,
          message: t('process.available', { count: line.available }),
        });
  const reset = () => {
    setWarehouseId(null);
    setDestinationId(null);
    setReference('');
    setLines([]);
    setProblem(null);
    setTried(false);
    onClose();
  };
  const body = () => {
    const customer = customers.find((c) => c.id === destinationId);
    return {
      warehouse_id: warehouseId ?? '',
      destination:
        kind === 'customer'
          ? {
              kind,
              customer_id: destinationId ?? '',
              address_id: customer?.default_address.id ?? '',
            }
          : { kind, location_id: destinationId ?? '' },
      reference,
      lines: lines.map(({ variant_id, quantity }) => ({
        variant_id,
        quantity: typeof quantity === 'number' ? quantity : Number.NaN,
      })),
    };
  };
  const create = useMutation({
    mutationFn: () => exitsApi.create(body()),
    onSuccess: async (exit) => {
      notifications.show({ color: 'teal', message: t('done.created', { number: exit.number }) });
      await refresh();
      reset();
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const submit = () => {
    setTried(true);
    const parsed = exitCreateSchema.safeParse(body());
    if (!parsed.success || lines.some((line) => lineError(line) !== undefined)) {
      setProblem(t('create.incomplete'));
      return;
    }
    setProblem(null);
    create.mutate();
  };

  const stockRows = (choices.stock.data?.data ?? []).filter(
    (row) => row.available > 0 && !lines.some((line) => line.variant_id === row.variant_id),
  );

  return (
    <Drawer opened={opened} onClose={reset} position="right" size="lg" title={t('create.title')}>
      <Stack gap="md">
        <Select
          label={t('create.warehouse')}
          data={(choices.warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
          value={warehouseId}
          onChange={(id) => {
            setWarehouseId(id);
            setLines([]);
          }}
          required
        />
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as 'customer' | 'location');
            setDestinationId(null);
          }}
          data={[
            { value: 'customer', label: t('create.toCustomer') },
            { value: 'location', label: t('create.toLocation') },
          ]}
        />
        <Select
          label={t('create.destination')}
          searchable
          data={
            kind === 'customer'
              ? customers.map((c) => ({
                  value: c.id,
                  label: `${[c.name, c.last_name].filter(Boolean).join(' ')} · ${c.default_address.city} ${c.default_address.zip}`,
                }))
              : locations.map((l) => ({
                  value: l.id,
                  label: `${l.alias} · ${l.city} ${l.zip}`,
                }))
          }
          value={destinationId}
          onChange={setDestinationId}
          disabled={noDestinations}
          description={
            noDestinations && (
              <>
                {t(`create.noDestinations.${kind}`)}{' '}
                <Anchor component={Link} to={ADD_DESTINATION[kind]} fz="inherit" underline="always">
                  {t(`create.addDestination.${kind}`)}
                </Anchor>
              </>
            )
          }
          required
        />
        <TextInput
          label={t('create.reference')}
          value={reference}
          maxLength={50}
          onChange={(event) => setReference(event.currentTarget.value)}
        />
        <Select
          label={t('create.addProduct')}
          placeholder={warehouseId ? t('create.searchProduct') : t('create.chooseWarehouse')}
          disabled={!warehouseId}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t('create.noStock')}
          data={stockRows.map((row) => ({
            value: row.variant_id,
            label: `${rowLabel(row)} — ${t('create.available', { count: row.available })}`,
          }))}
          value={null}
          onChange={(id) => {
            const row = stockRows.find((r) => r.variant_id === id);
            if (!row) return;
            setLines((all) => [
              ...all,
              {
                variant_id: row.variant_id,
                label: rowLabel(row),
                available: row.available,
                quantity: 1,
              },
            ]);
            setSearch('');
          }}
        />
        {lines.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('create.noLines')}
          </Text>
        ) : (
          lines.map((line, index) => (
            <Group key={line.variant_id} align="end" wrap="nowrap">
              <NumberInput
                label={line.label}
                description={t('create.available', { count: line.available })}
                value={line.quantity}
                min={1}
                max={line.available}
                allowDecimal={false}
                error={lineError(line)}
                style={{ flex: 1 }}
                onChange={(value) =>
                  setLines((all) =>
                    all.map((l, i) => (i === index ? { ...l, quantity: value } : l)),
                  )
                }
              />
              <Button
                variant="subtle"
                color="red"
                aria-label={t('create.removeLine', { name: line.label })}
                onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} />
              </Button>
            </Group>
          ))
        )}
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
            {t('create.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
