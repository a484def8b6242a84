import { PACKAGE_UNITS } from '@despacho/domain';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-error';
import { FormSection } from './FormSection';
import { MeasureInput } from './MeasureInput';
import type { ProductFormValues } from './product-form';

const MEASURES = ['weight', 'length', 'width', 'height'] as const;

/** The unit, weight and dimensions every variant takes unless it has its own. */
export function ShippingSection() {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const unit = useWatch<ProductFormValues, 'unit'>({ name: 'unit' });
  return (
    <FormSection title={t('form.sections.shipping')} description={t('form.shippingHint')}>
      <NativeSelect
        label={t('fields.unit')}
        data={PACKAGE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
        error={errorAt(form.formState.errors, 'unit')}
        w={{ base: '100%', sm: 340 }}
        {...form.register('unit')}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {MEASURES.map((measure) => (
          <MeasureInput
            key={measure}
            name={measure}
            weight={measure === 'weight'}
            label={t(`fields.${measure}`, {
              unit: t(`units.${measure === 'weight' ? 'weight' : 'length'}.${unit}`),
            })}
          />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}
