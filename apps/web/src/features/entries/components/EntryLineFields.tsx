import { missingProductData, type EntryInput, type VariantPick } from '@despacho/domain';
import { ActionIcon, Anchor, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVariantPicks } from '../../../lib/api/variant-picks';

const DEBOUNCE_MS = 250;

export const pickLabel = (pick: Pick<VariantPick, 'product_name' | 'title' | 'sku'>) =>
  [pick.title ? `${pick.product_name} — ${pick.title}` : pick.product_name, pick.sku]
    .filter(Boolean)
    .join(' · ');

/**
 * One line of an entry: the catalogue variant (searched by name, SKU or barcode) and its expected
 * quantity. What the product lacks for the warehouse shows under it, with a link to complete it.
 */
export function EntryLineFields({
  index,
  pick,
  onPick,
  onRemove,
}: {
  index: number;
  pick: VariantPick | undefined;
  onPick: (pick: VariantPick | undefined) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('entries');
  const form = useFormContext<EntryInput>();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const picks = useVariantPicks(debounced, undefined, opened);
  const byId = new Map(
    [...(pick ? [pick] : []), ...(picks.data?.picks ?? [])].map((p) => [p.id, p]),
  );
  const missing = pick ? missingProductData(pick) : [];
  const errors = form.formState.errors.lines?.[index];
  // Its element handed to the form: a refused submit focuses the first field in error.
  const { field: variant } = useController({
    control: form.control,
    name: `lines.${index}.variant_id`,
  });

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap" gap="sm">
          <Select
            ref={variant.ref}
            label={t('form.product')}
            placeholder={t('form.productPlaceholder')}
            leftSection={<IconSearch size={16} />}
            searchable
            clearable
            value={variant.value || null}
            onSearchChange={setSearch}
            onDropdownOpen={() => setOpened(true)}
            onChange={(value) => {
              variant.onChange(value ?? '');
              onPick(value ? byId.get(value) : undefined);
            }}
            data={[...byId.values()].map((p) => ({ value: p.id, label: pickLabel(p) }))}
            filter={({ options }) => options}
            nothingFoundMessage={debounced && !picks.isFetching ? t('form.noneFound') : undefined}
            error={errors?.variant_id?.message}
            flex="1 1 280px"
            comboboxProps={{ withinPortal: true }}
          />
          <Controller
            control={form.control}
            name={`lines.${index}.expected_quantity`}
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label={t('form.quantity')}
                min={1}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                error={errors?.expected_quantity?.message}
                w={160}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            onClick={onRemove}
            aria-label={t('actions.removeLine', { number: index + 1 })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        {pick && missing.length > 0 && (
          <Group gap="xs" wrap="wrap">
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
            <Text fz="sm" c="orange.9">
              {t('missing.label', { list: missing.map((key) => t(`missing.${key}`)).join(', ') })}
            </Text>
            <Anchor component={Link} to={`/app/products/edit/${pick.product_id}`} fz="sm">
              {t('actions.editProduct')}
            </Anchor>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
