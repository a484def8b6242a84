import { PRODUCT_RULES, PRODUCT_STATUSES, productSchema } from '@despacho/domain';
import { NativeSelect, Select, SimpleGrid, Skeleton, TagsInput, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRulesOf } from '../../../lib/field-rules';
import { LengthCount } from '../../../ui/LengthCount';
import { useVendorOptions } from '../api';
import { errorAt } from './field-error';
import { FormSection } from './FormSection';
import type { ProductFormValues } from './product-form';

const RULES = fieldRulesOf(productSchema.shape);
// The editor is the form's heaviest part: it loads on its own while the rest of the form shows.
const RichTextField = lazy(() =>
  import('./RichTextField').then((module) => ({ default: module.RichTextField })),
);

/** Name, description, status, vendor and tags. */
export function GeneralSection() {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const { errors } = form.formState;
  const vendors = useVendorOptions();
  const [name, description] = useWatch<ProductFormValues, ['name', 'description']>({
    name: ['name', 'description'],
  });

  return (
    <FormSection title={t('form.sections.general')}>
      <TextInput
        label={t('fields.name')}
        withAsterisk={RULES.name.required}
        description={<LengthCount value={name} max={PRODUCT_RULES.nameMax} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={errorAt(errors, 'name')}
        {...form.register('name')}
      />
      <Controller<ProductFormValues, 'description'>
        name="description"
        render={({ field, fieldState }) => (
          <Suspense fallback={<Skeleton h={190} radius="sm" />}>
            <RichTextField
              label={t('fields.description')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              description={<LengthCount value={description} max={PRODUCT_RULES.descriptionMax} />}
              error={fieldState.error?.message}
            />
          </Suspense>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('fields.status')}
          description={t('fields.statusHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={PRODUCT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          error={errorAt(errors, 'status')}
          {...form.register('status', {
            // Publishing asks for everything at once: show what is missing under each field.
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value === 'ACTIVE') void form.trigger();
            },
          })}
        />
        <Controller<ProductFormValues, 'vendor_id'>
          name="vendor_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.vendor')}
              placeholder={t('fields.vendorNone')}
              data={vendors.data ?? []}
              searchable
              clearable
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={(value) => field.onChange(value ?? undefined)}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller<ProductFormValues, 'tags'>
        name="tags"
        render={({ field }) => (
          <TagsInput
            label={t('fields.tags')}
            description={t('fields.tagsHint', { max: PRODUCT_RULES.tagsMax })}
            maxTags={PRODUCT_RULES.tagsMax}
            name={field.name}
            ref={field.ref}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errorAt(errors, 'tags')}
          />
        )}
      />
    </FormSection>
  );
}
