import { variantTitle } from '@despacho/domain';
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-error';
import { FormSection } from './FormSection';
import { MeasureInput } from './MeasureInput';
import { OptionsEditor } from './OptionsEditor';
import { PriceInput } from './PriceInput';
import { generateVariants, type ProductFormValues } from './product-form';

const MEASURES = ['weight', 'length', 'width', 'height'] as const;

/**
 * The options editor and the variants table: "Generar variantes" makes one row per combination
 * of the options' values, keeping the rows (and ids) that already had one.
 */
export function VariantsSection() {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const { errors } = form.formState;
  const { fields, replace } = useFieldArray<ProductFormValues, 'variants'>({ name: 'variants' });
  const unit = useWatch<ProductFormValues, 'unit'>({ name: 'unit' });
  const generate = () => {
    replace(generateVariants(form.getValues('options'), form.getValues('variants')));
    if (form.formState.isSubmitted) void form.trigger('variants');
  };
  const text = (index: number, field: 'sku' | 'barcode', label: string) => (
    <TextInput
      size="xs"
      aria-label={label}
      error={errorAt(errors, `variants.${index}.${field}`)}
      {...form.register(`variants.${index}.${field}`)}
    />
  );

  return (
    <FormSection title={t('form.sections.variants')} description={t('form.variantsHint')}>
      <OptionsEditor />
      <Group>
        <Button variant="light" leftSection={<IconWand size={16} />} onClick={generate}>
          {t('actions.generateVariants')}
        </Button>
      </Group>
      {errorAt(errors, 'variants') && (
        <Text fz="sm" c="red.8">
          {errorAt(errors, 'variants')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing="xs" aria-label={t('form.variantsTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.variant')}</Table.Th>
              <Table.Th>{t('fields.sku')}</Table.Th>
              <Table.Th>{t('fields.barcode')}</Table.Th>
              <Table.Th>{t('fields.price')}</Table.Th>
              <Table.Th>{t('fields.variantCost')}</Table.Th>
              {MEASURES.map((measure) => (
                <Table.Th key={measure}>
                  {t(`fields.${measure}`, {
                    unit: t(`units.${measure === 'weight' ? 'weight' : 'length'}.${unit}`),
                  })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((variant, index) => {
              const name = variantTitle(variant.option_values ?? []) ?? t('form.defaultVariant');
              const label = (field: string) => t('form.variantField', { field, variant: name });
              return (
                <Table.Tr key={variant.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {name}
                    </Text>
                    {errorAt(errors, `variants.${index}.option_values`) && (
                      <Text fz="xs" c="red.8">
                        {errorAt(errors, `variants.${index}.option_values`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{text(index, 'sku', label(t('fields.sku')))}</Table.Td>
                  <Table.Td>{text(index, 'barcode', label(t('fields.barcode')))}</Table.Td>
                  <Table.Td>
                    <PriceInput
                      name={`variants.${index}.price`}
                      label={label(t('fields.price'))}
                      hideLabel
                      size="xs"
                    />
                  </Table.Td>
                  <Table.Td>
                    <PriceInput
                      name={`variants.${index}.cost`}
                      label={label(t('fields.variantCost'))}
                      hideLabel
                      size="xs"
                    />
                  </Table.Td>
                  {MEASURES.map((measure) => (
                    <Table.Td key={measure}>
                      <MeasureInput
                        name={`variants.${index}.${measure}`}
                        label={label(t(`fields.${measure}Short`))}
                        hideLabel
                        weight={measure === 'weight'}
                        size="xs"
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FormSection>
  );
}
