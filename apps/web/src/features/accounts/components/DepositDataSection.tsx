import {
  bankOfClabe,
  depositDataUpdateSchema,
  normalizeClabe,
  type DepositData,
} from '@despacho/domain';
import { Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { accountsApi, accountsKeys, useDepositData } from '../../../lib/api/accounts';
import { Loaded } from './Loaded';
import { notifySaved } from './notify';
import { SectionForm } from './SectionForm';

function DepositDataForm({ depositData }: { depositData: DepositData | null }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const { form, formProps } = useDomainForm({
    schema: depositDataUpdateSchema,
    defaultValues: { clabe: depositData?.clabe ?? '' },
    submit: accountsApi.saveDepositData,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountsKeys.depositData(), saved);
      form.reset({ clabe: saved.clabe });
      notifySaved(t('deposit.saved'));
    },
  });
  const { errors } = form.formState;
  const bankName = (code: string, name: string | null) =>
    name ? t('deposit.bank', { name }) : t('deposit.unknownBank', { code });

  // The bank shows as soon as its three digits are typed.
  const typed = normalizeClabe(useWatch({ control: form.control, name: 'clabe' }) ?? '');
  const code = /^\d{3}/.test(typed) ? typed.slice(0, 3) : null;
  const typedBank = code ? bankName(code, bankOfClabe(typed)?.name ?? null) : undefined;

  return (
    <SectionForm
      title={t('deposit.title')}
      subtitle={t('deposit.subtitle')}
      submitLabel={t('deposit.submit')}
      {...formProps}
    >
      <Text fz="sm" fw={500}>
        {depositData
          ? t('deposit.current', {
              clabe: depositData.clabe,
              bank: bankName(depositData.bank.code, depositData.bank.name),
            })
          : t('deposit.none')}
      </Text>
      <TextInput
        label={t('deposit.clabe')}
        description={typedBank ?? t('deposit.clabeHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
        w={{ base: '100%', sm: 360 }}
        error={errors.clabe?.message}
        {...form.register('clabe')}
      />
    </SectionForm>
  );
}

/** The CLABE the organization deposits from, which the wallet matches transfers against. */
export function DepositDataSection() {
  return (
    <Loaded query={useDepositData()}>
      {(depositData) => <DepositDataForm depositData={depositData} />}
    </Loaded>
  );
}
