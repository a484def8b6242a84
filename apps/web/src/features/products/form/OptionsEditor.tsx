import { PRODUCT_RULES } from '@despacho/domain';
import { ActionIcon, Button, Group, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-error';
import type { ProductFormValues } from './product-form';

/** Up to three options (Talla, Color…), each with its values typed as tags. */
export function OptionsEditor() {
  const { t } = useTranslation('products');
  const form = useFormContext<ProductFormValues>();
  const { errors } = form.formState;
  const { fields, append, remove } = useFieldArray<ProductFormValues, 'options'>({
    name: 'options',
  });
  const full = fields.length >= PRODUCT_RULES.optionsMax;

  return (
    <>
      {fields.map((option, index) => (
        <Group key={option.id} align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label={t('fields.optionName', { number: index + 1 })}
            placeholder={t('fields.optionNamePlaceholder')}
            error={errorAt(errors, `options.${index}.name`)}
            w={{ base: '100%', sm: 200 }}
            {...form.register(`options.${index}.name`)}
          />
          <Controller<ProductFormValues, `options.${number}.values`>
            name={`options.${index}.values`}
            render={({ field }) => (
              <TagsInput
                label={t('fields.optionValues', { number: index + 1 })}
                placeholder={t('fields.optionValuesPlaceholder')}
                maxTags={PRODUCT_RULES.optionValuesMax}
                name={field.name}
                ref={field.ref}
                value={field.value ?? []}
                onChange={field.onChange}
                error={
                  errorAt(errors, `options.${index}.values`) ??
                  errorAt(errors, `options.${index}.values.root`)
                }
                style={{ flex: '1 1 260px' }}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={t('actions.removeOption', { number: index + 1 })}
            onClick={() => remove(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={full}
          onClick={() => append({ name: '', values: [] })}
        >
          {t('actions.addOption')}
        </Button>
        <Text fz="sm" c={full ? undefined : 'dimmed'} role={full ? 'status' : undefined}>
          {full ? t('form.optionsFull') : t('form.optionsHint')}
        </Text>
      </Group>
      {errorAt(errors, 'options') && (
        <Text fz="sm" c="red.8">
          {errorAt(errors, 'options')}
        </Text>
      )}
    </>
  );
}
