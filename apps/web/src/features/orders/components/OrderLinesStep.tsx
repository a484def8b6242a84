import { centavosToPesos, pesosToCentavos } from '@despacho/domain';
import { ActionIcon, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocations } from '../../../lib/api/locations';
import { useVariantPicks } from '../../../lib/api/variant-picks';
import { variantLabel } from '../order-format';
import type { OrderDraft } from '../order-draft';

/**
 * Step 2: where the units leave from and the catalogue's products with what is available there;
 * a quantity over it is an error on the field (the API would refuse it), never changed silently.
 */
export function OrderLinesStep() {
  const { t } = useTranslation('orders');
  const form = useFormContext<OrderDraft>();
  const { errors } = form.formState;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const locationId = useWatch({ control: form.control, name: 'location_id' });
  const locations = useLocations({ page: 1, pageSize: 100 });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const picks = useVariantPicks(debounced, locationId || undefined, Boolean(locationId));
  const found = picks.data?.picks ?? [];
  const errorOf = (path: string): string | undefined =>
    (get(errors, path) as { message?: string } | undefined)?.message;

  // A field array keeps its own error under `root`.
  const linesError = errorOf('lines') ?? errorOf('lines.root');

  return (
    <Stack>
      <Controller
        control={form.control}
        name="location_id"
        render={({ field }) => (
          <Select
            label={t('create.lines.location')}
            description={t('create.lines.locationHint')}
            withAsterisk
            data={(locations.data?.data ?? []).map((location) => ({
              value: location.id,
              label: location.alias,
            }))}
            value={field.value || null}
            onChange={(value) => {
              field.onChange(value ?? '');
              // Availability is per location: the lines are picked again from the new one.
              lines.replace([]);
            }}
            error={errorOf('location_id')}
          />
        )}
      />
      <Select
        label={t('create.lines.add')}
        placeholder={t('create.lines.search')}
        disabled={!locationId}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={t('create.lines.none')}
        value={null}
        data={found.map((pick) => ({
          value: pick.id,
          label: `${variantLabel(pick)} (${t('create.lines.available', { count: pick.available ?? 0 })})`,
        }))}
        onChange={(id) => {
          const pick = found.find((candidate) => candidate.id === id);
          if (!pick || form.getValues('lines').some((line) => line.variant_id === pick.id)) return;
          lines.append({
            variant_id: pick.id,
            quantity: 1,
            unit_price: pick.price ?? 0,
            label: variantLabel(pick),
            available: pick.available,
          });
          setSearch('');
        }}
      />
      {linesError && (
        <Text c="red" fz="sm" role="alert">
          {linesError}
        </Text>
      )}
      {lines.fields.map((line, index) => (
        <Paper key={line.id} withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ flex: 1 }}>
              <Text fz="sm" fw={600}>
                {line.label}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('create.lines.available', { count: line.available ?? 0 })}
              </Text>
              <Group grow align="flex-start">
                <Controller
                  control={form.control}
                  name={`lines.${index}.quantity`}
                  render={({ field }) => (
                    <NumberInput
                      label={t('create.lines.quantity')}
                      allowDecimal={false}
                      min={1}
                      clampBehavior="none"
                      value={field.value}
                      onChange={(value) => field.onChange(value === '' ? 0 : Number(value))}
                      onBlur={field.onBlur}
                      error={errorOf(`lines.${index}.quantity`)}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`lines.${index}.unit_price`}
                  render={({ field }) => (
                    <NumberInput
                      label={t('create.lines.price')}
                      prefix="$"
                      decimalScale={2}
                      min={0}
                      thousandSeparator=","
                      value={centavosToPesos(field.value)}
                      onChange={(value) => field.onChange(pesosToCentavos(String(value)) ?? 0)}
                      error={errorOf(`lines.${index}.unit_price`)}
                    />
                  )}
                />
              </Group>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('create.lines.remove', { name: line.label })}
              onClick={() => lines.remove(index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
