import type { ProductView } from '@despacho/domain';
import { Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledCatalogCode } from '../../../ui/CatalogCodeField';
import type { ControllerRenderProps, ControllerFieldState } from 'react-hook-form';
import { SatProductField } from '../../../ui/SatProductField';
import { SatUnitField } from '../../../ui/SatUnitField';
import { TariffStatusLink } from '../components/TariffStatusLink';
import { CountrySelect } from './CountrySelect';
import { DatasheetField } from './DatasheetField';
import { errorAt } from './field-error';
import { FormSection } from './FormSection';
import type { ProductFormValues } from './product-form';
import { TariffFractionField } from './TariffFractionField';

/** A catalogue-code field's props from a Controller whose value the schema types as unknown. */
const textField = ({
  field,
  fieldState,
}: {
  field: ControllerRenderProps<ProductFormValues>;
  fieldState: ControllerFieldState;
}) =>
  controlledCatalogCode({
    field: { ...field, value: typeof field.value === 'string' ? field.value : '' },
    fieldState,
  });

const TEXTS = ['brand', 'model', 'size', 'use', 'materials'] as const;

/** Brand, model, materials, the SAT keys, countries, website, data sheet and tariff fraction. */
export function CustomsSection({
  datasheet,
  product,
}: {
  datasheet: ProductView['datasheet'];
  /** The product being edited: its tariff status, linked to its classification. */
  product?: Pick<ProductView, 'name' | 'tariff_status'>;
}) {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const { errors } = form.formState;
  return (
    <FormSection title={t('form.sections.customs')} description={t('form.customsHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {TEXTS.map((field) => (
          <TextInput
            key={field}
            label={t(`fields.${field}`)}
            error={errorAt(errors, field)}
            {...form.register(field)}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller<ProductFormValues, 'sat_product_code'>
          name="sat_product_code"
          render={(controller) => (
            <SatProductField
              label={t('fields.satProductCode')}
              hint={t('fields.satProductCodeHint')}
              {...textField(controller)}
            />
          )}
        />
        <Controller<ProductFormValues, 'sat_unit_code'>
          name="sat_unit_code"
          render={(controller) => (
            <SatUnitField label={t('fields.satUnitCode')} {...textField(controller)} />
          )}
        />
        <CountrySelect name="origin_country" label={t('fields.originCountry')} />
        <CountrySelect name="manufacture_country" label={t('fields.manufactureCountry')} />
      </SimpleGrid>
      <TextInput
        label={t('fields.website')}
        placeholder="https://"
        type="url"
        error={errorAt(errors, 'website')}
        {...form.register('website')}
      />
      <Controller<ProductFormValues, 'tariff_code'>
        name="tariff_code"
        render={(controller) => (
          <TariffFractionField
            label={t('fields.tariffCode')}
            hint={t('fields.tariffCodeHint')}
            {...textField(controller)}
          />
        )}
      />
      {product && product.tariff_status !== 'UNCLASSIFIED' && (
        <Group gap={6} data-testid="tariff-status">
          <Text fz="sm" c="dimmed">
            {t('table.tariffStatus')}:
          </Text>
          <TariffStatusLink name={product.name} status={product.tariff_status} />
        </Group>
      )}
      <DatasheetField initial={datasheet} />
    </FormSection>
  );
}
