import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
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
  // Autocomplete writes the picked option's text in the box after submitting it: it is cleared.
  const justPicked = useRef(false);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const products = useProductPicks(debounced);
  const rows = (products.data?.data ?? []).filter((product) => !picked.includes(product.id));
  // Autocomplete's options are their texts: each names its product once.
  const byLabel = new Map(
    rows.map((product) => [
      product.sku ? `${product.name} · ${product.sku}` : product.name,
      product,
    ]),
  );

  return (
    <Autocomplete
      label={t('create.pick')}
      placeholder={t('create.pickPlaceholder')}
      data={[...byLabel.keys()]}
      filter={({ options }) => options}
      value={search}
      onChange={(value) => {
        setSearch(justPicked.current ? '' : value);
        justPicked.current = false;
      }}
      disabled={disabled}
      onOptionSubmit={(label) => {
        const product = byLabel.get(label);
        if (!product) return;
        justPicked.current = true;
        onPick({ id: product.id, name: product.name });
      }}
    />
  );
}
