import { shipmentDestinationSchema, type CustomerListItem } from '@despacho/domain';
import {
  Alert,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRulesOf } from '../../../../lib/field-rules';
import { messageOf } from '../../../../lib/server-errors';
import { AddressFields } from '../../../../ui/AddressFields';
import { fullName } from '../../../../lib/contact-format';
import { useCustomerDetail, useCustomerSearch } from '../../purchase-api';
import { lengthCountOf } from './FieldCount';
import { customerDestination, errorAt, newDestination, type WizardValues } from './model';

type Destination = WizardValues['destination'];

/** Required marks and length limits of a typed recipient, from the destination schema's `new` branch. */
const NEW_RULES = fieldRulesOf(shipmentDestinationSchema.options[1].shape);

const customerLabel = (customer: Pick<CustomerListItem, 'name' | 'last_name' | 'company'>) =>
  [fullName(customer), customer.company].filter(Boolean).join(' · ');

/** The "save as customer" tick of a typed destination; absent when the user may not create customers. */
export interface SaveAsCustomer {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Step 2: who receives the parcel. A saved customer (searched on the server) and one of its
 * addresses, the default one first; or a new address typed here, with the shared address fields
 * (the zip fills state, city and municipality), the recipient's contact and a tick to keep them
 * as a customer.
 */
export function DestinationStep({
  canPickCustomers,
  saveAsCustomer,
}: {
  canPickCustomers: boolean;
  saveAsCustomer?: SaveAsCustomer;
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const kind = useWatch({ control: form.control, name: 'destination.kind' });
  // What each kind held, so switching back and forth loses nothing typed.
  const kept = useRef<Partial<Record<Destination['kind'], Destination>>>({});

  const switchTo = (next: Destination['kind']) => {
    if (next === kind) return;
    kept.current[kind] = form.getValues('destination');
    form.clearErrors('destination');
    form.setValue(
      'destination',
      kept.current[next] ?? (next === 'new' ? newDestination() : customerDestination()),
    );
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('destination.title')}
      </Title>
      {canPickCustomers && (
        <Radio.Group
          label={t('destination.kind')}
          value={kind}
          onChange={(value) => switchTo(value as Destination['kind'])}
        >
          <Group mt="xs">
            <Radio value="customer" label={t('destination.kinds.customer')} />
            <Radio value="new" label={t('destination.kinds.new')} />
          </Group>
        </Radio.Group>
      )}
      {kind === 'customer' ? <CustomerPicker /> : <NewAddress saveAsCustomer={saveAsCustomer} />}
    </Stack>
  );
}

function CustomerPicker() {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const { errors } = form.formState;
  const [customerId, addressId] = useWatch({
    control: form.control,
    name: ['destination.customer_id', 'destination.address_id'],
  }) as [string | undefined, string | undefined];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // The chosen customer stays an option whatever the search finds.
  const [chosen, setChosen] = useState<CustomerListItem | null>(null);
  const found = useCustomerSearch(debounced, true);
  const detail = useCustomerDetail(customerId || null);

  const options = [...(found.data ?? [])];
  if (chosen && !options.some((customer) => customer.id === chosen.id)) options.unshift(chosen);

  const choose = (id: string | null) => {
    const customer = options.find((option) => option.id === id) ?? null;
    setChosen(customer);
    const settings = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('destination.customer_id', customer?.id ?? '', settings);
    form.setValue('destination.address_id', customer?.default_address.id ?? '', settings);
  };

  return (
    <Stack gap="md">
      <Select
        label={t('destination.customer')}
        placeholder={t('destination.customerPlaceholder')}
        withAsterisk
        searchable
        clearable
        data={options.map((customer) => ({ value: customer.id, label: customerLabel(customer) }))}
        // The server has filtered already.
        filter={({ options: all }) => all}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={found.isFetching ? undefined : t('destination.noCustomers')}
        value={customerId || null}
        onChange={choose}
        error={errorAt(errors, 'destination.customer_id')}
      />
      {found.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {messageOf(found.error)}
        </Alert>
      )}
      {customerId &&
        (detail.isPending ? (
          <Skeleton height={80} />
        ) : detail.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {messageOf(detail.error)}
          </Alert>
        ) : (
          <Radio.Group
            label={t('destination.address')}
            withAsterisk
            value={addressId ?? ''}
            onChange={(value) =>
              form.setValue('destination.address_id', value, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            error={errorAt(errors, 'destination.address_id')}
          >
            <Stack gap="xs" mt="xs">
              {detail.data.addresses.map((address) => (
                <Radio
                  key={address.id}
                  value={address.id}
                  label={t('destination.addressOption', {
                    alias: address.alias,
                    street: `${address.street} ${address.external_number}`,
                    zip: address.zip,
                    city: address.city,
                  })}
                  description={[address.contact_name, address.contact_phone].join(' · ')}
                />
              ))}
            </Stack>
          </Radio.Group>
        ))}
    </Stack>
  );
}

function NewAddress({ saveAsCustomer }: { saveAsCustomer?: SaveAsCustomer }) {
  const { t } = useTranslation('shipment-create');
  // Untyped: the new-address fields live in one branch of the destination union.
  const form = useFormContext();
  const { errors } = form.formState;
  const text = (
    field: 'contact_name' | 'company' | 'email' | 'phone',
    label: string,
    props: Record<string, unknown> = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={NEW_RULES[field].required}
      description={lengthCountOf(`destination.${field}`, NEW_RULES[field].maxLength)}
      error={errorAt(errors, `destination.${field}`)}
      {...props}
      {...form.register(`destination.${field}`)}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('contact_name', t('destination.contactName'))}
        {text('company', t('destination.company'))}
        {text('email', t('destination.email'), {
          type: 'email',
          autoComplete: 'email',
        })}
        {text('phone', t('destination.phone'), {
          inputMode: 'tel',
          maxLength: 10,
        })}
      </SimpleGrid>
      <AddressFields name="destination" />
      {saveAsCustomer && (
        <Checkbox
          label={t('destination.saveCustomer')}
          description={t('destination.saveCustomerHint')}
          checked={saveAsCustomer.checked}
          onChange={(event) => saveAsCustomer.onChange(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
