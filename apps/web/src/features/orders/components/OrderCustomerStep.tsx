import { Select, SegmentedControl, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCustomers } from '../../../lib/api/customers';
import { shippingOf, type OrderDraft } from '../order-draft';
import { OrderContactFields } from './OrderContactFields';

/** Step 1: a customer of the address book (its default address, still editable) or a new one. */
export function OrderCustomerStep() {
  const { t } = useTranslation('orders');
  const form = useFormContext<OrderDraft>();
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const [mode, setMode] = useState<'book' | 'new'>(customerId ? 'book' : 'new');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const customers = useCustomers({ search: debounced || undefined, page: 1, pageSize: 20 });
  const list = customers.data?.data ?? [];
  return (
    <Stack>
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value as 'book' | 'new');
          if (value === 'new') form.setValue('customer_id', null);
        }}
        data={[
          { value: 'book', label: t('create.customer.book') },
          { value: 'new', label: t('create.customer.new') },
        ]}
      />
      {mode === 'book' && (
        <Select
          label={t('create.customer.pick')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={list.map((customer) => ({
            value: customer.id,
            label: [customer.name, customer.last_name].filter(Boolean).join(' '),
          }))}
          value={customerId ?? null}
          nothingFoundMessage={t('create.customer.none')}
          onChange={(id) => {
            const customer = list.find((candidate) => candidate.id === id);
            form.setValue('customer_id', id);
            if (customer)
              form.reset({
                ...form.getValues(),
                customer_id: id,
                shipping_address: shippingOf(customer),
              });
          }}
        />
      )}
      <OrderContactFields />
    </Stack>
  );
}
