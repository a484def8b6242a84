import type { OrderShippingAddressInput } from '@despacho/domain';
import { Group, TextInput } from '@mantine/core';
import { get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../ui/AddressFields';

type Form = { shipping_address: OrderShippingAddressInput };

/** The customer's contact and address of an order (the detail's editor and the wizard). */
export function OrderContactFields() {
  const { t } = useTranslation('orders');
  const form = useFormContext<Form>();
  const errorOf = (field: string): string | undefined =>
    (get(form.formState.errors, `shipping_address.${field}`) as { message?: string } | undefined)
      ?.message;
  return (
    <>
      <TextInput
        label={t('address.contact_name')}
        withAsterisk
        error={errorOf('contact_name')}
        {...form.register('shipping_address.contact_name')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('address.email')}
          type="email"
          error={errorOf('email')}
          {...form.register('shipping_address.email')}
        />
        <TextInput
          label={t('address.phone')}
          type="tel"
          error={errorOf('phone')}
          {...form.register('shipping_address.phone')}
        />
      </Group>
      <TextInput
        label={t('address.company')}
        error={errorOf('company')}
        {...form.register('shipping_address.company')}
      />
      <AddressFields name="shipping_address" />
    </>
  );
}
