import {
  CUSTOMER_LIMITS,
  customerSchema,
  type CustomerAddressInput,
  type CustomerAddressView,
  type CustomerInput,
  type CustomerView,
} from '@despacho/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMapPinPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  Controller,
  get,
  useFieldArray,
  useFormContext,
  useWatch,
  type FieldErrors,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addressFormValues } from '../../../lib/address-form';
import { useDomainForm } from '../../../lib/useDomainForm';
import { AddressFields } from '../../../ui/AddressFields';
import { EntityForm } from '../../../ui/EntityForm';
import { customersApi, storeCustomer } from '../../../lib/api/customers';
import { CUSTOMERS_PATH, customerPath } from '../paths';

/** What a new address's contact starts as: the customer's own name, phone and email. */
interface Contact {
  name: string;
  phone: string;
  email: string;
}

const newAddress = (contact: Contact, isDefault: boolean): CustomerAddressInput => ({
  alias: '',
  company: '',
  contact_name: contact.name,
  contact_email: contact.email,
  contact_phone: contact.phone,
  ...addressFormValues(),
  is_default: isDefault,
});

const storedAddress = (address: CustomerAddressView): CustomerAddressInput => ({
  id: address.id,
  alias: address.alias,
  company: address.company ?? '',
  contact_name: address.contact_name,
  contact_email: address.contact_email ?? '',
  contact_phone: address.contact_phone,
  ...addressFormValues(address),
  is_default: address.is_default,
});

const EMPTY_CONTACT: Contact = { name: '', phone: '', email: '' };

const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/**
 * Creates (`customer` absent) or edits a customer: contact, tax ID, favorite flag and one to
 * twenty addresses, exactly one of them the default. Validated with the API's own schema; the
 * server's field errors (`addresses.1.zip`) land under the right input. Saving opens the
 * customer's page.
 */
export function CustomerForm({ customer }: { customer?: CustomerView }) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, formProps } = useDomainForm({
    schema: customerSchema,
    defaultValues: {
      name: customer?.name ?? '',
      last_name: customer?.last_name ?? '',
      company: customer?.company ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      tax_id: customer?.tax_id ?? '',
      is_favorite: customer?.is_favorite ?? false,
      addresses: customer
        ? customer.addresses.map(storedAddress)
        : [newAddress(EMPTY_CONTACT, true)],
    },
    submit: (values) =>
      customer ? customersApi.update(customer.id, values) : customersApi.create(values),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: customer ? t('form.savedEdit') : t('form.savedCreate', { name: saved.name }),
      });
      await storeCustomer(queryClient, saved);
      await navigate(customerPath(saved.id));
    },
  });
  const { errors } = form.formState;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'addresses' });

  /** The contact the customer's fields describe now. */
  const contact = (): Contact => {
    const [name, lastName, phone, email] = form.getValues(['name', 'last_name', 'phone', 'email']);
    return {
      name: [name, lastName]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(' '),
      phone: phone.trim(),
      email: email.trim(),
    };
  };
  // New addresses follow the customer's fields while their contact is empty or still a copy.
  const copied = useRef<Contact>(customer ? contact() : EMPTY_CONTACT);
  const followContact = () => {
    const next = contact();
    const previous = copied.current;
    form.getValues('addresses').forEach((address, index) => {
      if (address.id) return;
      for (const [key, field] of [
        ['name', 'contact_name'],
        ['phone', 'contact_phone'],
        ['email', 'contact_email'],
      ] as const) {
        const value = address[field]?.trim() ?? '';
        if (value === '' || value === previous[key]) {
          form.setValue(`addresses.${index}.${field}`, next[key]);
        }
      }
    });
    copied.current = next;
  };

  /** After a submit, the list is checked again as a whole (the one-default rule is on it). */
  const revalidateList = () => {
    if (form.formState.isSubmitted) void form.trigger('addresses');
  };
  const makeDefault = (index: number) => {
    form.getValues('addresses').forEach((_address, other) => {
      form.setValue(`addresses.${other}.is_default`, other === index, { shouldDirty: true });
    });
    revalidateList();
  };
  const removeAddress = (index: number) => {
    const wasDefault = form.getValues(`addresses.${index}.is_default`);
    remove(index);
    if (wasDefault) form.setValue('addresses.0.is_default', true, { shouldDirty: true });
    revalidateList();
  };
  const addAddress = () => append(newAddress(contact(), false), { shouldFocus: false });

  const fieldError = (path: string) => errorAt(errors, path);
  const listError =
    fieldError('addresses.root') ?? fieldError('addresses') ?? fieldError('addresses._');
  const customerField = (
    name: 'name' | 'last_name' | 'email' | 'phone',
    label: string,
    props: Record<string, unknown> = {},
  ) => (
    <TextInput
      label={label}
      error={fieldError(name)}
      {...props}
      {...form.register(name, { onBlur: followContact })}
    />
  );

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('form.cancel')}
      submitLabel={customer ? t('form.submitEdit') : t('form.submitCreate')}
      onCancel={() => void navigate(customer ? customerPath(customer.id) : CUSTOMERS_PATH)}
    >
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('form.sections.contact')}
          </Title>
          <Group grow align="flex-start">
            {customerField('name', t('fields.name'), { withAsterisk: true })}
            {customerField('last_name', t('fields.lastName'))}
          </Group>
          <TextInput
            label={t('fields.company')}
            description={t('form.companyHint')}
            error={fieldError('company')}
            {...form.register('company')}
          />
          <Group grow align="flex-start">
            {customerField('email', t('fields.email'), { withAsterisk: true, type: 'email' })}
            {customerField('phone', t('fields.phone'), {
              withAsterisk: true,
              inputMode: 'tel',
              maxLength: 10,
            })}
          </Group>
          <TextInput
            label={t('fields.taxId')}
            description={t('form.taxIdHint')}
            maxLength={20}
            styles={{ input: { textTransform: 'uppercase' } }}
            error={fieldError('tax_id')}
            {...form.register('tax_id')}
          />
          <Controller
            control={form.control}
            name="is_favorite"
            render={({ field }) => (
              <Switch
                label={t('fields.favorite')}
                description={t('form.favoriteHint')}
                name={field.name}
                ref={field.ref}
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
        </Stack>
      </Paper>

      <Group justify="space-between" align="center" mt="sm">
        <div>
          <Title order={2} fz="lg">
            {t('form.sections.addresses')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('form.addressesHint')}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconMapPinPlus size={18} />}
          disabled={fields.length >= CUSTOMER_LIMITS.addresses}
          onClick={addAddress}
        >
          {t('form.address.add')}
        </Button>
      </Group>
      {listError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {listError}
        </Alert>
      )}

      {fields.map((field, index) => (
        <AddressCard
          key={field.id}
          index={index}
          removable={fields.length > 1}
          onMakeDefault={() => makeDefault(index)}
          onRemove={() => removeAddress(index)}
        />
      ))}
    </EntityForm>
  );
}

/**
 * One address of the list: which one it is (and its alias) in the legend, the "Predeterminada"
 * radio, the contact who receives there and the shared address fields. It watches only its own
 * values, so typing in one address does not redraw the others.
 */
function AddressCard({
  index,
  removable,
  onMakeDefault,
  onRemove,
}: {
  index: number;
  removable: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('customers');
  const form = useFormContext<CustomerInput>();
  const { errors } = form.formState;
  const path = `addresses.${index}` as const;
  const [alias, isDefault] = useWatch({
    control: form.control,
    name: [`${path}.alias`, `${path}.is_default`],
  });
  const number = index + 1;
  const fieldError = (name: string) => errorAt(errors, `${path}.${name}`);

  return (
    <Fieldset
      radius="lg"
      legend={
        alias?.trim()
          ? t('form.address.titleWithAlias', { number, alias: alias.trim() })
          : t('form.address.title', { number })
      }
      styles={{ legend: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Radio
            name="default-address"
            label={t('form.address.default')}
            description={isDefault ? t('form.address.defaultHint') : undefined}
            checked={isDefault ?? false}
            onChange={onMakeDefault}
            // A stored customer with two defaults shows both checked: a click still fixes it.
            onClick={() => isDefault && onMakeDefault()}
          />
          <Tooltip label={t('form.address.remove', { number })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('form.address.remove', { number })}
              disabled={!removable}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('fields.alias')}
            description={t('form.address.aliasHint')}
            withAsterisk
            maxLength={CUSTOMER_LIMITS.alias}
            error={fieldError('alias')}
            {...form.register(`${path}.alias`)}
          />
          <TextInput
            label={t('fields.addressCompany')}
            error={fieldError('company')}
            {...form.register(`${path}.company`)}
          />
        </Group>
        <TextInput
          label={t('fields.contactName')}
          withAsterisk
          error={fieldError('contact_name')}
          {...form.register(`${path}.contact_name`)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('fields.contactPhone')}
            withAsterisk
            inputMode="tel"
            maxLength={10}
            error={fieldError('contact_phone')}
            {...form.register(`${path}.contact_phone`)}
          />
          <TextInput
            label={t('fields.contactEmail')}
            type="email"
            error={fieldError('contact_email')}
            {...form.register(`${path}.contact_email`)}
          />
        </Group>
        <AddressFields name={path} />
        {fieldError('is_default') && (
          <Text fz="sm" c="red">
            {fieldError('is_default')}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
