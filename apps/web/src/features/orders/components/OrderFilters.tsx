import { ORDER_PAYMENT_STATES } from '@despacho/domain';
import { NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useListParams } from '../../../lib/useListParams';
import { DateRangeFields } from '../../../ui/DateRangeFields';
import { useStoreOptions } from '../api';
import { dayParam } from '../orders-list-query';

type ListParams = ReturnType<typeof useListParams>;

// Narrow enough that search, store, payment, tag and both days share one row at 1440 px.
const FILTER_SIZE = { flex: '1 1 120px', miw: 0 } as const;

/** The orders list's filters (store, days, payment, tag), each kept in the URL. */
export function OrderFilters({ list }: { list: ListParams }) {
  const { t } = useTranslation('orders');
  const stores = useStoreOptions();
  const [tag, setTag] = useState(list.params.get('tag') ?? '');
  // The tag filters once typed (Enter or leaving the box), not on every key.
  const commitTag = () => list.setParam('tag', tag.trim() || undefined);

  return (
    <>
      <NativeSelect
        label={t('list.filters.store')}
        data={[{ value: '', label: t('list.filters.all') }, ...(stores.data ?? [])]}
        value={list.params.get('store_id') ?? ''}
        onChange={(event) => list.setParam('store_id', event.currentTarget.value || undefined)}
        {...FILTER_SIZE}
      />
      <NativeSelect
        label={t('list.filters.payment')}
        value={list.choice('payment', ORDER_PAYMENT_STATES) ?? ''}
        onChange={(event) => list.setParam('payment', event.currentTarget.value || undefined)}
        data={[
          { value: '', label: t('list.filters.all') },
          ...ORDER_PAYMENT_STATES.map((value) => ({
            value,
            label: t(`states.payment.${value}`),
          })),
        ]}
        {...FILTER_SIZE}
      />
      <TextInput
        label={t('list.filters.tag')}
        value={tag}
        onChange={(event) => setTag(event.currentTarget.value)}
        onBlur={commitTag}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitTag();
        }}
        {...FILTER_SIZE}
      />
      <DateRangeFields
        from={dayParam(list.params.get('from'))}
        to={dayParam(list.params.get('to'))}
        labels={{ from: t('list.filters.from'), to: t('list.filters.to') }}
        rangeError={t('list.filters.range')}
        onChange={list.setParam}
        width={150}
      />
    </>
  );
}
