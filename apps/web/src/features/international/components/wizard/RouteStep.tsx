import { foreignAddressSchema, type LocationView } from '@despacho/domain';
import {
  Alert,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../../ui/LocationSelect';
import { fieldRulesOf } from '../../../../lib/field-rules';
import { messageOf } from '../../../../lib/server-errors';
import { useAlpha2CountryOptions } from '../../../../ui/countries';
import type { T1Values } from './model';

const RULES = fieldRulesOf(foreignAddressSchema.shape);
type AbroadField = keyof typeof RULES;
/** The text fields abroad, in the order a courier's label prints them. */
const TEXT_FIELDS: readonly AbroadField[] = [
  'postal_code',
  'city',
  'state',
  'line1',
  'line2',
  'contact_name',
  'company',
  'email',
  'phone',
];

/**
 * Step 2: the Mexican side, one of the organization's locations (the shipper on an export, the
 * recipient on an import), and the side abroad with what couriers print on an international
 * label.
 */
export function RouteStep({
  locations,
  loading,
  error,
}: {
  locations: readonly LocationView[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('international');
  const form = useFormContext<T1Values>();
  const { errors } = form.formState;
  const [direction, locationId] = useWatch({
    control: form.control,
    name: ['direction', 'location_id'],
  });
  const countries = useAlpha2CountryOptions('MX');
  const chosen = locations?.find((location) => location.id === locationId);
  const side = direction === 'import' ? 'import' : 'export';

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="t1-mexico">
        <Title order={2} fz="lg" id="t1-mexico">
          {t(`route.mexico.${side}`)}
        </Title>
        {loading ? (
          <Skeleton height={60} />
        ) : error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {messageOf(error)}
          </Alert>
        ) : !locations?.length ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
            {t('route.noLocations')}
          </Alert>
        ) : (
          <>
            <LocationSelect label={t('route.location')} locations={locations} />
            {chosen && (
              <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
                <Text fz="sm">
                  {`${chosen.street} ${chosen.external_number}, ${chosen.neighborhood}, ${chosen.zip} ${chosen.city}, ${chosen.state}`}
                </Text>
                <Text fz="sm" c="dimmed">
                  {[chosen.contact_name, chosen.company, chosen.contact_phone]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Paper>
            )}
          </>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="t1-abroad">
        <Title order={2} fz="lg" id="t1-abroad">
          {t(`route.abroad.${side}`)}
        </Title>
        <Controller
          control={form.control}
          name="abroad.country"
          render={({ field, fieldState }) => (
            <Select
              label={t('route.fields.country')}
              withAsterisk
              searchable
              allowDeselect={false}
              data={countries}
              name={field.name}
              ref={field.ref}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              maw={420}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map((name) => (
            <TextInput
              key={name}
              label={t(`route.fields.${name}`)}
              description={name === 'phone' ? t('route.phoneHint') : undefined}
              withAsterisk={RULES[name].required}
              maxLength={RULES[name].maxLength}
              type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
              error={(get(errors, `abroad.${name}`) as { message?: string } | undefined)?.message}
              {...form.register(`abroad.${name}`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
