import {
  cfdiUsesFor,
  isGenericRfc,
  isTaxPersonType,
  normalizeRfc,
  personTypeOfRfc,
  regimesFor,
  rfcProblem,
  taxInfoUpdateSchema,
  type SatCatalogs,
  type SatOption,
  type TaxInfo,
  type TaxInfoDraftValues,
} from '@despacho/domain';
import { Alert, Group, NativeSelect, Radio, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useWatch, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { accountsApi, accountsKeys, useSatCatalogs, useTaxInfo } from '../../../lib/api/accounts';
import { Loaded } from './Loaded';
import { notifySaved } from './notify';
import { SectionForm } from './SectionForm';

type TaxForm = UseFormReturn<TaxInfoDraftValues>;
type DependentField = 'tax_regime' | 'cfdi_use';

/** The catalogue rows the domain's rules allow, in the catalogue's order and words. */
function allowed<T extends SatOption>(rows: readonly T[], permitted: readonly SatOption[]): T[] {
  const codes = new Set(permitted.map((row) => row.code));
  return rows.filter((row) => codes.has(row.code));
}

/** Select options with a first, empty "choose" entry. */
function selectData(rows: readonly SatOption[], placeholder: string) {
  return [
    { value: '', label: placeholder },
    ...rows.map((row) => ({ value: row.code, label: row.label })),
  ];
}

/**
 * Keeps a dependent select inside what it offers: a value no longer offered is cleared, and a
 * single offer is chosen (a generic RFC leaves only regime 616 and use S01).
 */
function useKeepWithin(form: TaxForm, name: DependentField, offered: readonly SatOption[]) {
  const codes = offered.map((row) => row.code).join(',');
  useEffect(() => {
    const list = codes ? codes.split(',') : [];
    const current = form.getValues(name) ?? '';
    const only = list.length === 1 ? list[0]! : '';
    if ((current && !list.includes(current)) || (!current && only)) {
      form.setValue(name, only, { shouldDirty: true });
    }
  }, [form, name, codes]);
}

/** The form's values: the saved information, or empty fields the first time. */
function draftOf(taxInfo: TaxInfo | null): DefaultValues<TaxInfoDraftValues> {
  if (!taxInfo) {
    return {
      tax_id: '',
      legal_name: '',
      zip_code: '',
      tax_regime: '',
      cfdi_use: '',
      payment_form: '',
      payment_method: '',
    };
  }
  const { updated_at: _updatedAt, ...draft } = taxInfo;
  return draft;
}

export function TaxInfoForm({
  catalogs,
  taxInfo,
}: {
  catalogs: SatCatalogs;
  taxInfo: TaxInfo | null;
}) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const { form, formProps } = useDomainForm({
    schema: taxInfoUpdateSchema,
    defaultValues: draftOf(taxInfo),
    submit: accountsApi.saveTaxInfo,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountsKeys.taxInfo(), saved);
      form.reset(draftOf(saved));
      notifySaved(t('tax.saved'));
    },
  });
  const { errors } = form.formState;
  const [personType, regime, rfcInput] = useWatch({
    control: form.control,
    name: ['person_type', 'tax_regime', 'tax_id'],
  });

  const rfc = normalizeRfc(rfcInput ?? '');
  const validRfc = rfc !== '' && rfcProblem(rfc) === null;
  const generic = validRfc && isGenericRfc(rfc) ? rfc : undefined;
  const type = isTaxPersonType(personType) ? personType : null;
  const regimes = type ? allowed(catalogs.tax_regimes, regimesFor(type, generic)) : [];
  const uses =
    type && regime ? allowed(catalogs.cfdi_uses, cfdiUsesFor(regime, type, generic)) : [];
  useKeepWithin(form, 'tax_regime', regimes);
  useKeepWithin(form, 'cfdi_use', uses);

  // A valid RFC tells the type of person: 12 characters a company, 13 an individual.
  const implied = validRfc ? personTypeOfRfc(rfc) : null;
  useEffect(() => {
    if (implied && form.getValues('person_type') !== implied) {
      form.setValue('person_type', implied, { shouldDirty: true });
    }
  }, [form, implied]);

  const genericInfo = catalogs.generic_rfcs.find((row) => row.rfc === generic);

  return (
    <SectionForm
      title={t('tax.title')}
      subtitle={t('tax.subtitle')}
      submitLabel={t('tax.submit')}
      {...formProps}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('tax.taxId')}
          description={t('tax.taxIdHint')}
          maxLength={15}
          autoComplete="off"
          styles={{ input: { textTransform: 'uppercase' } }}
          error={errors.tax_id?.message}
          {...form.register('tax_id')}
        />
        <Controller
          control={form.control}
          name="person_type"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={t('tax.personType')}
              error={fieldState.error?.message}
              {...field}
              value={field.value ?? null}
            >
              <Group mt="xs">
                {catalogs.person_types.map((option) => (
                  <Radio key={option.code} value={option.code} label={option.label} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
      </SimpleGrid>
      {genericInfo ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={t('tax.genericTitle', { label: genericInfo.label })}
        >
          {t('tax.genericBody')}
        </Alert>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('tax.genericHint')}
        </Text>
      )}
      <TextInput
        label={t('tax.legalName')}
        description={t('tax.legalNameHint')}
        maxLength={254}
        autoComplete="organization"
        styles={{ input: { textTransform: 'uppercase' } }}
        error={errors.legal_name?.message}
        {...form.register('legal_name')}
      />
      <TextInput
        label={t('tax.zipCode')}
        description={t('tax.zipCodeHint')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        w={{ base: '100%', xs: 240 }}
        error={errors.zip_code?.message}
        {...form.register('zip_code')}
      />
      <NativeSelect
        label={t('tax.regime')}
        description={type ? undefined : t('tax.regimeNeedsPersonType')}
        disabled={!type}
        data={selectData(regimes, t('tax.regimePlaceholder'))}
        error={errors.tax_regime?.message}
        {...form.register('tax_regime')}
      />
      <NativeSelect
        label={t('tax.cfdiUse')}
        description={regime ? t('tax.cfdiUseHint') : t('tax.cfdiUseNeedsRegime')}
        disabled={uses.length === 0}
        data={selectData(uses, t('tax.cfdiUsePlaceholder'))}
        error={errors.cfdi_use?.message}
        {...form.register('cfdi_use')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('tax.paymentForm')}
          data={selectData(catalogs.payment_forms, t('tax.paymentFormPlaceholder'))}
          error={errors.payment_form?.message}
          {...form.register('payment_form')}
        />
        <NativeSelect
          label={t('tax.paymentMethod')}
          data={selectData(catalogs.payment_methods, t('tax.paymentMethodPlaceholder'))}
          error={errors.payment_method?.message}
          {...form.register('payment_method')}
        />
      </SimpleGrid>
    </SectionForm>
  );
}

/** Tax information for CFDI 4.0: only the combinations SAT accepts are offered. */
export function TaxInfoSection() {
  const catalogs = useSatCatalogs();
  const taxInfo = useTaxInfo();
  return (
    <Loaded query={catalogs}>
      {(lists) => (
        <Loaded query={taxInfo}>
          {(saved) => <TaxInfoForm catalogs={lists} taxInfo={saved} />}
        </Loaded>
      )}
    </Loaded>
  );
}
