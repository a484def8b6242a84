import { centavosToPesos, type VariantPick } from '@despacho/domain';
import { Avatar, Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useProductImage } from '../../../../lib/product-images';
import { useVariantPicks } from '../../../../lib/api/variant-picks';
import type { WizardValues } from './model';

const DEBOUNCE_MS = 250;

/** "Playera básica — Rojo / M", as the line's description (at most 100 characters). */
const descriptionOf = (pick: VariantPick) =>
  (pick.title ? `${pick.product_name} — ${pick.title}` : pick.product_name).slice(0, 100);

/** The catalogue's price in pesos, as the unit value field takes it ("199.00"). */

/**
 * "Search my products": fills a product line from a catalogue variant (description, SAT keys,
 * unit value) and remembers its `variant_id`; the fields stay editable, and clearing the picker
 * forgets the variant without touching what was filled. From an origin that keeps stock it offers
 * only what is available there, with how many, and tells the line (`onAvailable`) for its quantity.
 */
export function VariantPicker({
  path,
  onAvailable,
}: {
  path: `packages.${number}.products.${number}`;
  onAvailable: (available: number | undefined) => void;
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  // The schema takes any input and keeps a uuid; the form only ever holds a string.
  const variantId = useWatch({ control: form.control, name: `${path}.variant_id` }) as
    string | undefined;
  const locationId = useWatch({ control: form.control, name: 'location_id' });
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<VariantPick | null>(null);
  // Nothing is asked of the server until the merchant opens the list.
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  // While the chosen variant's label is in the box, there is nothing new to search.
  const typing = chosen === null || search !== descriptionOf(chosen);
  const picks = useVariantPicks(debounced, locationId || undefined, opened && typing);
  const found = typing ? (picks.data?.picks ?? []) : [];
  const byId = new Map([...(chosen ? [chosen] : []), ...found].map((pick) => [pick.id, pick]));

  const choose = (id: string | null) => {
    const pick = id ? byId.get(id) : undefined;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    onAvailable(pick?.available);
    if (!pick) {
      setChosen(null);
      form.setValue(`${path}.variant_id`, undefined, options);
      return;
    }
    setChosen(pick);
    form.setValue(`${path}.variant_id`, pick.id, options);
    form.setValue(`${path}.description`, descriptionOf(pick), options);
    if (pick.sat_product_code)
      form.setValue(`${path}.sat_product_code`, pick.sat_product_code, options);
    if (pick.sat_unit_code) form.setValue(`${path}.sat_unit_code`, pick.sat_unit_code, options);
    if (pick.price !== null)
      form.setValue(`${path}.unit_value`, centavosToPesos(pick.price), options);
  };

  // Spec §8: the call failed, or the origin keeps stock and has nothing available.
  const nothingFound = () => {
    if (picks.isError) return t('packages.picker.error');
    if (picks.isFetching) return undefined;
    if (!debounced && picks.data?.keepsStock) return t('packages.picker.noInventory');
    return debounced ? t('packages.picker.none') : undefined;
  };

  return (
    <Select
      label={t('packages.picker.label')}
      placeholder={t('packages.picker.placeholder')}
      description={t('packages.picker.hint')}
      leftSection={<IconSearch size={16} />}
      rightSection={picks.isFetching ? <Loader size={14} /> : undefined}
      searchable
      clearable
      // A variant restored from a draft shows by its id until it is searched again.
      value={variantId && byId.has(variantId) ? variantId : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={choose}
      onDropdownOpen={() => setOpened(true)}
      data={[...byId.values()].map((pick) => ({ value: pick.id, label: descriptionOf(pick) }))}
      // The server filters and ranks.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound()}
      renderOption={({ option }) => {
        const pick = byId.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            <PickThumb path={pick?.thumbnail_url ?? null} />
            <div>
              <Text fz="sm">{option.label}</Text>
              {pick?.sku && (
                <Text fz="xs" c="dimmed">
                  {t('packages.picker.sku', { sku: pick.sku })}
                </Text>
              )}
              {pick?.available !== undefined && (
                <Text fz="xs" c="dimmed">
                  {t('packages.picker.available', { count: pick.available })}
                </Text>
              )}
            </div>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The product's cover beside an option, fetched with the session; an icon until then. */
function PickThumb({ path }: { path: string | null }) {
  return (
    <Avatar src={useProductImage(path)} radius="sm" size={32}>
      <IconPhoto size={16} aria-hidden />
    </Avatar>
  );
}
