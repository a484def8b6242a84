import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSection } from './FormSection';
import { PriceInput } from './PriceInput';

/** The product's cost and comparison price; each variant has its own price (Variants). */
export function PricingSection() {
  const { t } = useTranslation('products');
  return (
    <FormSection title={t('form.sections.pricing')} description={t('form.pricingHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PriceInput name="cost" label={t('fields.cost')} />
        <PriceInput name="compare_at_price" label={t('fields.compareAtPrice')} />
      </SimpleGrid>
    </FormSection>
  );
}
