import { Loader, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { isCompleteZip, lookupPostalCode, postalCodeKey } from '../../../lib/postal-codes';

/**
 * A 5-digit zip of a quote (origin or destination) inside a react-hook-form form: once complete
 * it is looked up and the place (municipality, state) shows under it, so a mistyped zip is
 * caught before quoting. Without the catalogue it simply says nothing.
 */
export function ZipField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext();
  const zip = ((useWatch({ control: form.control, name }) as string | undefined) ?? '').trim();
  const complete = isCompleteZip(zip);
  const place = useQuery({
    queryKey: postalCodeKey(zip),
    queryFn: () => lookupPostalCode(zip),
    enabled: complete,
    retry: false,
    staleTime: Infinity,
  });
  const notFound =
    complete && place.error instanceof ApiError && place.error.code === 'POSTAL_CODE_NOT_FOUND';
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

  return (
    <TextInput
      label={label}
      withAsterisk
      inputMode="numeric"
      maxLength={5}
      autoComplete="postal-code"
      rightSection={place.isFetching ? <Loader size={14} /> : null}
      description={
        complete && place.data ? (
          <Text span fz="xs" c="teal.8" data-testid={`${name}-place`}>
            {t('zip.place', {
              municipality: place.data.municipality,
              state: place.data.state,
            })}
          </Text>
        ) : notFound ? (
          <Text span fz="xs" c="orange">
            {t('zip.notFound')}
          </Text>
        ) : null
      }
      error={error}
      {...form.register(name)}
    />
  );
}
