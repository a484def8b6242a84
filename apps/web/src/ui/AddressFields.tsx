import {
  addressFieldsSchema,
  type AddressFields as AddressValues,
  type PostalCode,
} from '@despacho/domain';
import { Alert, Autocomplete, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRulesOf } from '../lib/field-rules';
import { ApiError } from '../lib/http';
import { isCompleteZip, lookupPostalCode, postalCodeKey } from '../lib/postal-codes';
import { LengthCount } from './LengthCount';

/** The address part of a form: the fields of the domain `addressFieldsSchema`. */
type AddressForm = Pick<
  AddressValues,
  | 'street'
  | 'external_number'
  | 'internal_number'
  | 'reference'
  | 'neighborhood'
  | 'city'
  | 'municipality'
  | 'state'
  | 'zip'
>;

/** Required marks and length limits, read from the schema every address form validates with. */
const RULES = fieldRulesOf(addressFieldsSchema.shape);

/** A zip we hold no data for: to the merchant, a missing catalogue or a missing zip is one thing. */
const NOT_COMPLETED_CODES = new Set(['POSTAL_CODES_NOT_LOADED', 'POSTAL_CODE_NOT_FOUND']);

/**
 * The address fields of every address form, inside a react-hook-form `FormProvider` whose values
 * hold `addressFieldsSchema`'s fields. Typing a 5-digit zip looks it up and fills state, city and
 * municipality, and offers its neighborhoods (colonias) in a searchable list that still takes
 * free text. For a zip it holds no data for, it says the address could not be completed
 * automatically and asks for the rest by hand; every field stays editable either way. Required
 * marks and length counters come from the schema. `lookup` replaces the postal-code call (tests,
 * stories). `name` places the fields under a path of a larger form, e.g. `addresses.1` for a list.
 */
export function AddressFields({
  lookup = lookupPostalCode,
  name,
}: {
  lookup?: (zip: string) => Promise<PostalCode>;
  name?: string;
}) {
  const { t } = useTranslation('addresses');
  const queryClient = useQueryClient();
  const form = useFormContext<AddressForm>();
  const { errors } = form.formState;
  const path = (field: keyof AddressForm) => (name ? `${name}.${field}` : field) as typeof field;
  const errorOf = (field: keyof AddressForm): string | undefined =>
    (get(errors, path(field)) as { message?: string } | undefined)?.message;
  const zip = useWatch({ control: form.control, name: path('zip') });
  const complete = isCompleteZip(zip?.trim());
  const postalCode = useQuery({
    queryKey: postalCodeKey(zip?.trim() ?? ''),
    queryFn: () => lookup(zip!.trim()),
    enabled: complete,
    retry: false,
    staleTime: Infinity,
  });

  /** On a newly typed zip, fill what the catalogue knows (the user may still change it). */
  const fill = async (value: string) => {
    if (!isCompleteZip(value)) return;
    const found = await queryClient
      .fetchQuery({
        queryKey: postalCodeKey(value),
        queryFn: () => lookup(value),
        retry: false,
        staleTime: Infinity,
      })
      .catch(() => null);
    if (!found || form.getValues(path('zip'))?.trim() !== value) return;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(path('state'), found.state, options);
    form.setValue(path('municipality'), found.municipality, options);
    form.setValue(path('city'), found.city || found.municipality, options);
    const only = found.neighborhoods.length === 1 ? found.neighborhoods[0] : undefined;
    if (only) form.setValue(path('neighborhood'), only.name, options);
  };

  const manual =
    !complete || !postalCode.isError
      ? null
      : postalCode.error instanceof ApiError && NOT_COMPLETED_CODES.has(postalCode.error.code)
        ? 'notCompleted'
        : 'lookupFailed';
  const neighborhoods = postalCode.data?.neighborhoods ?? [];
  const typeOf = new Map(neighborhoods.map((colonia) => [colonia.name, colonia.type]));
  const names = [...typeOf.keys()];

  const values = useWatch({ control: form.control, name: name as never }) as
    Partial<AddressForm> | undefined;
  /** "12 de 35 caracteres" under a field with a limit, as the merchant types. */
  const count = (field: keyof AddressForm) => {
    const max = RULES[field].maxLength;
    return max === undefined ? null : <LengthCount value={values?.[field]} max={max} />;
  };
  const text = (field: keyof AddressForm, label: string) => (
    <TextInput
      label={label}
      withAsterisk={RULES[field].required}
      description={count(field)}
      error={errorOf(field)}
      {...form.register(path(field))}
    />
  );

  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.zip')}
          withAsterisk={RULES.zip.required}
          inputMode="numeric"
          maxLength={5}
          description={t('zip.hint')}
          rightSection={postalCode.isFetching ? <Loader size={14} /> : null}
          error={errorOf('zip')}
          {...form.register(path('zip'), {
            onChange: (event: { target: { value: string } }) =>
              void fill(event.target.value.trim()),
          })}
        />
        {text('state', t('fields.state'))}
      </Group>
      {manual && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="note">
          <Text fz="sm" fw={600}>
            {t(`manual.${manual}.title`)}
          </Text>
          <Text fz="sm">{t(`manual.${manual}.body`)}</Text>
        </Alert>
      )}
      <Group grow align="flex-start">
        {text('municipality', t('fields.municipality'))}
        {text('city', t('fields.city'))}
      </Group>
      <Controller
        control={form.control}
        name={path('neighborhood')}
        render={({ field }) => (
          <Autocomplete
            label={t('fields.neighborhood')}
            withAsterisk={RULES.neighborhood.required}
            placeholder={names.length > 0 ? t('neighborhood.pick') : undefined}
            description={
              names.length > 0 ? (
                <>
                  {t('neighborhood.hint', { count: names.length })} {count('neighborhood')}
                </>
              ) : (
                count('neighborhood')
              )
            }
            data={names}
            limit={50}
            maxDropdownHeight={260}
            renderOption={({ option }) => (
              <Group justify="space-between" wrap="nowrap" w="100%">
                <span>{option.value}</span>
                <Text fz="xs" c="dimmed">
                  {typeOf.get(option.value)}
                </Text>
              </Group>
            )}
            error={errorOf('neighborhood')}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      {text('street', t('fields.street'))}
      <Group grow align="flex-start">
        {text('external_number', t('fields.externalNumber'))}
        {text('internal_number', t('fields.internalNumber'))}
      </Group>
      {text('reference', t('fields.reference'))}
    </>
  );
}
