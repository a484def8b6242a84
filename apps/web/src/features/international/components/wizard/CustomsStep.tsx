import { T1_INCOTERMS, T1_REASONS, T1_RULES, taxIdRequired } from '@despacho/domain';
import { Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { T1Values } from './model';

/**
 * Step 5: what customs read beside the invoice — the incoterm (who pays the duties), the reason
 * for the shipment, the recipient's tax ID where their customs ask for it (always on an import:
 * the RFC) and the merchant's reference. Going on asks for the quote.
 */
export function CustomsStep() {
  const { t } = useTranslation('international');
  const form = useFormContext<T1Values>();
  const { errors } = form.formState;
  const [direction, country, reason] = useWatch({
    control: form.control,
    name: ['direction', 'abroad.country', 'reason'],
  });
  const taxIdNeeded = taxIdRequired(direction ?? 'export', country ?? '');
  const errorOf = (path: string) =>
    (get(errors, path) as { message?: string } | undefined)?.message;

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('customs.title')}
      </Title>
      <Controller
        control={form.control}
        name="incoterm"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('customs.incoterm')}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {T1_INCOTERMS.map((incoterm) => (
                <Radio.Card key={incoterm} value={incoterm} radius="md" p="md">
                  <Radio.Indicator style={{ float: 'left' }} mr="sm" />
                  <Text fw={600}>{t(`incoterms.${incoterm}`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`incoterms.${incoterm}Hint`)}
                  </Text>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="reason"
          render={({ field, fieldState }) => (
            <Select
              label={t('customs.reason')}
              withAsterisk
              allowDeselect={false}
              data={T1_REASONS.map((value) => ({ value, label: t(`reasons.${value}`) }))}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'sale')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {reason === 'other' && (
          <TextInput
            label={t('customs.reasonDetail')}
            withAsterisk
            maxLength={T1_RULES.reasonDetailMax}
            error={errorOf('reason_detail')}
            {...form.register('reason_detail')}
          />
        )}
        <TextInput
          label={t(direction === 'import' ? 'customs.taxIdImport' : 'customs.taxIdExport')}
          description={t(
            direction === 'import'
              ? 'customs.taxIdImportHint'
              : taxIdNeeded
                ? 'customs.taxIdRequiredHint'
                : 'customs.taxIdOptionalHint',
          )}
          withAsterisk={taxIdNeeded}
          maxLength={T1_RULES.taxIdMax}
          error={errorOf('recipient_tax_id')}
          {...form.register('recipient_tax_id')}
        />
        <TextInput
          label={t('customs.reference')}
          description={t('customs.referenceHint')}
          maxLength={30}
          error={errorOf('reference')}
          {...form.register('reference')}
        />
      </SimpleGrid>
    </Stack>
  );
}
