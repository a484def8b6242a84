import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useProductPicks } from '../lib/api/products';

/**
 * Adds a product of the catalogue to a list (a classification request, an invoice's lines),
 * found by name, SKU, barcode or tag; the ones already picked are not offered again. The
 * caller names the field in its own texts.
 */
export function ProductPicker({
  picked,
  onPick,
  disabled,
  label,
  placeholder,
}: {
  picked: readonly string[];
  onPick: (product: { id: string; name: string }) => void;
  disabled: boolean;
  label: string;
  placeholder: string;
}) {
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
      label={label}
      placeholder={placeholder}
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
