import { PRODUCT_SORTS, PRODUCT_STATUSES, TARIFF_STATUSES } from '@despacho/domain';
import { NativeSelect, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useListParams } from '../../../lib/useListParams';
import { ListStatusFilter } from '../../../ui/ListStatusFilter';
import { useVendorOptions } from '../api';
import { useCollectionOptions } from '../collections-api';

type ListParams = ReturnType<typeof useListParams>;

/** Filters share the row and wrap, two to a row on a phone. */
const FILTER_SIZE = { flex: '1 1 150px', miw: 0 } as const;

/** The products list's filters and sort, each kept in the URL so a reload shows the same list. */
export function ProductFilters({ list }: { list: ListParams }) {
  const { t } = useTranslation('products');
  const vendors = useVendorOptions();
  const collections = useCollectionOptions();
  const [tag, setTag] = useState(list.params.get('tag') ?? '');
  // The tag filters once typed (Enter or leaving the box), not on every key.
  const commitTag = () => list.setParam('tag', tag.trim() || undefined);

  return (
    <>
      <ListStatusFilter
        list={list}
        statuses={PRODUCT_STATUSES}
        label={t('filters.status')}
        allLabel={t('filters.all')}
        statusLabel={(value) => t(`statuses.${value}`)}
        w={190}
      />
      <Select
        label={t('filters.vendor')}
        placeholder={t('filters.all')}
        data={vendors.data ?? []}
        value={list.params.get('vendor_id')}
        onChange={(value) => list.setParam('vendor_id', value ?? undefined)}
        clearable
        searchable
        {...FILTER_SIZE}
      />
      <Select
        label={t('filters.collection')}
        placeholder={t('filters.all')}
        data={collections}
        value={list.params.get('collection_id')}
        onChange={(value) => list.setParam('collection_id', value ?? undefined)}
        clearable
        searchable
        {...FILTER_SIZE}
      />
      <TextInput
        label={t('filters.tag')}
        value={tag}
        onChange={(event) => setTag(event.currentTarget.value)}
        onBlur={commitTag}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitTag();
        }}
        {...FILTER_SIZE}
      />
      <NativeSelect
        label={t('filters.tariffStatus')}
        value={list.choice('tariff_status', TARIFF_STATUSES) ?? ''}
        onChange={(event) => list.setParam('tariff_status', event.currentTarget.value || undefined)}
        data={[
          { value: '', label: t('filters.all') },
          ...TARIFF_STATUSES.map((value) => ({ value, label: t(`tariffStatuses.${value}`) })),
        ]}
        {...FILTER_SIZE}
      />
      <NativeSelect
        label={t('filters.sort')}
        value={list.choice('sort', PRODUCT_SORTS, '-updated_at')}
        onChange={(event) =>
          list.setParam(
            'sort',
            event.currentTarget.value === '-updated_at' ? undefined : event.currentTarget.value,
          )
        }
        data={PRODUCT_SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))}
        {...FILTER_SIZE}
      />
    </>
  );
}
