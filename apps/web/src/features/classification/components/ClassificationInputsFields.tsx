import { CLASSIFICATION_RULES } from '@despacho/domain';
import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../../ui/countries';

const R = CLASSIFICATION_RULES;
const LONG = ['description', 'materials', 'use'] as const;
const SHORT = ['brand', 'model'] as const;

/** The error message at a dotted path of the form's errors. */
function errorAt(errors: unknown, path: string): string | undefined {
  const found = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
  return (found as { message?: string } | undefined)?.message;
}

/**
 * What a classifier needs of one product (`classificationInputsSchema`): under `prefix` in the
 * request form (`items.0`), at the root in the resubmission.
 */
export function ClassificationInputsFields({ prefix }: { prefix?: string }) {
  const { t } = useTranslation('classification');
  const form = useFormContext<FieldValues>();
  const countries = useCountryOptions(t('inputs.otherCountry'));
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field) as Path<FieldValues>;
  const error = (field: string) => errorAt(form.formState.errors, name(field));

  return (
    <Stack gap="sm">
      {LONG.map((field) => (
        <Textarea
          key={field}
          label={t(`inputs.${field}`)}
          description={t(`inputs.${field}Hint`)}
          withAsterisk

          rows={2}
          maxLength={R.inputMax}
          error={error(field)}
          {...form.register(name(field))}
        />
      ))}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {SHORT.map((field) => (
          <TextInput
            key={field}
            label={t(`inputs.${field}`)}
            maxLength={R.shortInputMax}
            error={error(field)}
            {...form.register(name(field))}
          />
        ))}
        <Controller
          name={name('origin_country')}
          render={({ field, fieldState }) => (
            <Select
              label={t('inputs.origin_country')}
              withAsterisk
              data={countries}
              searchable
              clearable
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'string' && field.value ? field.value : null}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label={t('inputs.notes')}

        rows={1}
        maxLength={R.inputMax}
        error={error('notes')}
        {...form.register(name('notes'))}
      />
    </Stack>
  );
}
