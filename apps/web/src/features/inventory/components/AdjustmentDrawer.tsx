import {
  adjustmentSchema,
  INVENTORY_RULES,
  type InventoryRow,
  type StockLocationView,
} from '@despacho/domain';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityDrawer } from '../../../ui/EntityDrawer';
import { EntityForm } from '../../../ui/EntityForm';
import { inventoryApi, useInventory, useRefreshInventory } from '../api';
import { variantName } from '../variant-name';

/** Where the drawer starts: empty, or on one row of the list (its variant and location). */
export interface AdjustmentStart {
  row?: InventoryRow;
}

/** "Ajustar existencias": a count or damage at one of the organization's own locations. */
export function AdjustmentDrawer({
  start,
  locations,
  onClose,
}: {
  start: AdjustmentStart | null;
  locations: StockLocationView[];
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <EntityDrawer
      opened={start !== null}
      onClose={onClose}
      title={t('adjust.title')}
      closeLabel={t('actions.close')}
    >
      {start && <AdjustmentForm start={start} locations={locations} onDone={onClose} />}
    </EntityDrawer>
  );
}

const emptyLine = { variant_id: '', on_hand_delta: 0, not_sellable_delta: 0 };

function AdjustmentForm({
  start,
  locations,
  onDone,
}: {
  start: AdjustmentStart;
  locations: StockLocationView[];
  onDone: () => void;
}) {
  const { t } = useTranslation('inventory');
  const refresh = useRefreshInventory();
  // One key per submission: a retry after a lost answer is applied once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { form, formProps } = useDomainForm({
    schema: adjustmentSchema,
    defaultValues: {
      location_id: start.row?.location.id ?? (locations.length === 1 ? locations[0]!.id : ''),
      reason: '',
      lines: [{ ...emptyLine, variant_id: start.row?.variant_id ?? '' }],
    },
    submit: (values) => inventoryApi.adjust(values, idempotencyKey),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('adjust.saved') });
      onDone();
      await refresh();
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const locationId = useWatch({ control: form.control, name: 'location_id' });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('adjust.submit')}
    >
      <Text fz="sm" c="dimmed">
        {t('adjust.intro')}
      </Text>
      <Controller
        control={form.control}
        name="location_id"
        render={({ field, fieldState }) => (
          <Select
            label={t('adjust.location')}
            withAsterisk
            data={locations.map((location) => ({ value: location.id, label: location.name }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <Textarea
        label={t('adjust.reason')}
        placeholder={t('adjust.reasonPlaceholder')}
        withAsterisk
        rows={2}
        maxLength={INVENTORY_RULES.reasonMax}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Stack gap="xs">
        <Text fw={600} fz="sm">
          {t('adjust.lines')}
        </Text>
        {lines.fields.map((line, index) => (
          <Paper key={line.id} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <Controller
                  control={form.control}
                  name={`lines.${index}.variant_id`}
                  render={({ field, fieldState }) => (
                    <VariantSelect
                      locationId={locationId}
                      start={start.row}
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('adjust.removeLine', { index: index + 1 })}
                  disabled={lines.fields.length === 1}
                  onClick={() => lines.remove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <Group grow align="flex-start">
                {(['on_hand_delta', 'not_sellable_delta'] as const).map((bucket) => (
                  <Controller
                    key={bucket}
                    control={form.control}
                    name={`lines.${index}.${bucket}`}
                    render={({ field, fieldState }) => (
                      <NumberInput
                        label={t(
                          bucket === 'on_hand_delta' ? 'adjust.onHand' : 'adjust.notSellable',
                        )}
                        allowDecimal={false}
                        min={-INVENTORY_RULES.maxDelta}
                        max={INVENTORY_RULES.maxDelta}
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        value={field.value ?? ''}
                        onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ))}
              </Group>
            </Stack>
          </Paper>
        ))}
        {errors.lines?.message && (
          <Text fz="sm" c="red">
            {errors.lines.message}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => lines.append(emptyLine)}
          disabled={lines.fields.length >= INVENTORY_RULES.maxLines}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('adjust.addLine')}
        </Button>
      </Stack>
    </EntityForm>
  );
}

/** The variants kept at the chosen location, searched on the server by SKU or name. */
function VariantSelect({
  locationId,
  start,
  value,
  onChange,
  error,
}: {
  locationId: string;
  start: InventoryRow | undefined;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('inventory');
  const [search, setSearch] = useState('');
  const variants = useInventory({
    location_id: locationId || undefined,
    search: search || undefined,
    page: 1,
    pageSize: 50,
  });
  const options = new Map<string, string>();
  if (start) options.set(start.variant_id, variantName(start));
  for (const row of variants.data?.data ?? []) {
    options.set(row.variant_id, row.sku ? `${variantName(row)} (${row.sku})` : variantName(row));
  }
  return (
    <Select
      label={t('adjust.variant')}
      placeholder={t('adjust.variantPlaceholder')}
      withAsterisk
      searchable
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      disabled={!locationId}
      data={[...options].map(([id, label]) => ({ value: id, label }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      flex={1}
    />
  );
}
