import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductPicks } from '../api';

/**
 * Adds a product of the catalogue to the request, found by name, SKU, barcode or tag; the ones
 * already picked are not offered again.
 */
export function ProductPicker({
  picked,
  onPick,
  disabled,
}: {
  picked: readonly string[];
  onPick: (product: { id: string; name: string }) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('classification');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const products = useProductPicks(debounced);
  const rows = (products.data?.data ?? []).filter((product) => !picked.includes(product.id));
  const data = rows.map((product) => ({
    value: product.id,
    label: product.sku ? `${product.name} · ${product.sku}` : product.name,
  }));

  return (
    <Select
      label={t('create.pick')}
      placeholder={t('create.pickPlaceholder')}
      data={data}
      searchable
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={null}
      disabled={disabled}
      nothingFoundMessage={products.isFetching ? t('create.searching') : t('create.nothingFound')}
      onChange={(id) => {
        const product = rows.find((row) => row.id === id);
        if (!product) return;
        onPick({ id: product.id, name: product.name });
        setSearch('');
      }}
    />
  );
}
