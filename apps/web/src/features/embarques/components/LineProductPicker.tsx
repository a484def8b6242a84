import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEmbarqueProducts } from '../staff-api';

/**
 * A line's product, searched by name, SKU or barcode among the merchant's catalogue on the
 * server; picking one with a 10-digit tariff code fills the line's code while it is empty.
 */
export function LineProductPicker({
  index,
  organizationId,
  initialLabel,
}: {
  index: number;
  organizationId: string;
  /** The saved line's product name, shown before any search. */
  initialLabel: string | undefined;
}) {
  const { t } = useTranslation('embarques');
  const form = useFormContext();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const found = useEmbarqueProducts(organizationId, query);
  // Every product seen keeps its label, so the picked one still reads after a new search.
  const labels = useRef(new Map<string, string>());
  for (const product of found.data ?? []) {
    labels.current.set(product.id, product.sku ? `${product.name} · ${product.sku}` : product.name);
  }
  const name = `lines.${index}.product_id`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const options = new Map(labels.current);
        if (field.value && !options.has(field.value)) {
          options.set(field.value, initialLabel ?? field.value);
        }
        return (
          <Select
            label={t('staff.lineProduct')}
            placeholder={t('staff.lineProductPlaceholder')}
            searchable
            withAsterisk
            searchValue={search}
            onSearchChange={setSearch}
            value={field.value || null}
            onChange={(value) => {
              field.onChange(value ?? '');
              const code = found.data?.find((product) => product.id === value)?.tariff_code;
              if (code && !form.getValues(`lines.${index}.code`)) {
                form.setValue(`lines.${index}.code`, code, { shouldValidate: true });
              }
            }}
            // The server searches; the list shows what it answered.
            filter={({ options: all }) => all}
            nothingFoundMessage={found.isFetching ? t('staff.searching') : t('staff.noProducts')}
            data={[...options].map(([value, label]) => ({ value, label }))}
            error={(get(form.formState.errors, name) as { message?: string } | undefined)?.message}
          />
        );
      }}
    />
  );
}
