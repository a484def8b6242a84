import {
  depositAmountField,
  depositBreakdown,
  depositVoucherProblem,
  DEPOSIT_VOUCHER_RULES,
  errorMessage,
  formatMoney,
  MEXICAN_BANKS,
  SPEI_REFERENCE_TYPES,
  speiNotificationSchema,
  type SpeiNotificationInput,
} from '@despacho/domain';
import {
  Alert,
  Box,
  Button,
  Card,
  FileInput,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domainResolver } from '../../../lib/form-resolver';
import { currentLanguage } from '../../../lib/i18n';
import { applyServerErrors } from '../../../lib/server-errors';
import { AppLoadingOverlay } from '../../../ui/AppLoadingOverlay';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useNotifySpeiDeposit } from '../deposits-api';
import { PesosInput } from '../../../ui/PesosInput';

interface FormValues {
  amount: string;
  origin_bank: string;
  reference_type: string;
  reference_number: string;
  tracking_key: string;
  voucher: File | null;
}

const EMPTY: FormValues = {
  amount: '',
  origin_bank: '',
  reference_type: '',
  reference_number: '',
  tracking_key: '',
  voucher: null,
};

const ACCEPT = [
  ...Object.values(DEPOSIT_VOUCHER_RULES.mimeTypes),
  ...DEPOSIT_VOUCHER_RULES.extensions,
].join(',');
const VOUCHER_PARAMS = { max: '1 MB', allowed: 'PDF, JPEG, PNG' };

/** Banks by name, each with its code: the sender's bank of the transfer. */
const BANK_OPTIONS = Object.entries(MEXICAN_BANKS)
  .map(([code, name]) => ({ value: code, label: `${name} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

const fieldsResolver = domainResolver(speiNotificationSchema);

/**
 * The fields are checked by the API's own schema; the voucher by its type, extension and size
 * (the API reads its content). Valid values are sent as typed: the API parses them again.
 */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const { voucher, ...typed } = values;
  // A field left blank reads as missing ("required"), as when the API does not receive it.
  const fields = Object.fromEntries(
    Object.entries(typed).map(([name, value]) => [name, value.trim() === '' ? undefined : value]),
  );
  const result = await fieldsResolver(fields as SpeiNotificationInput, context, options as never);
  const errors = { ...result.errors } as FieldErrors<FormValues>;
  const problem = depositVoucherProblem(voucher);
  if (problem) {
    errors.voucher = {
      type: 'file',
      message: errorMessage(problem, currentLanguage(), VOUCHER_PARAMS),
    };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** What the typed amount brings to the balance: the fee below 500 MXN, and the net. */
export function FeePreview({ amount }: { amount: string }) {
  const { t } = useTranslation('deposits');
  const parsed = depositAmountField.safeParse(amount);
  if (!parsed.success) return null;
  const breakdown = depositBreakdown(parsed.data);
  const net = formatMoney(breakdown.net);
  return breakdown.fee_total > 0 ? (
    <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} role="status">
      {t('notify.fee', { fee: formatMoney(breakdown.fee_total), net })}
    </Alert>
  ) : (
    <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} role="status">
      {t('notify.noFee', { net })}
    </Alert>
  );
}

/**
 * "Notificar transferencia": the merchant tells us about a SPEI transfer they made, with its
 * receipt. One idempotency key per submission, kept while the form is unchanged, so a retry
 * (a lost answer, a double click) never notifies it twice.
 */
export function SpeiNotifyForm() {
  const { t } = useTranslation('deposits');
  const form = useForm<FormValues>({ resolver, defaultValues: EMPTY });
  const notify = useNotifySpeiDeposit();
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const { errors } = form.formState;

  // Any change makes it another submission.
  useEffect(() => {
    const subscription = form.watch(() => {
      key.current = null;
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit((values) => {
    setError(null);
    key.current ??= newIdempotencyKey();
    notify.mutate(
      {
        notification: {
          amount: values.amount,
          origin_bank: values.origin_bank,
          reference_type: values.reference_type,
          reference_number: values.reference_number,
          tracking_key: values.tracking_key,
          voucher: values.voucher!,
        },
        key: key.current,
      },
      {
        onSuccess: (deposit) => {
          notifications.show({
            color: 'teal',
            message: t('notify.success', { amount: formatMoney(deposit.amount_centavos) }),
          });
          form.reset(EMPTY);
          key.current = null;
        },
        onError: (failure) => setError(applyServerErrors(failure, form.setError)),
      },
    );
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="notify-title">
      <Box component="form" pos="relative" noValidate onSubmit={submit}>
        <AppLoadingOverlay visible={notify.isPending} />
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="notify-title">
              {t('notify.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('notify.description')}
            </Text>
          </div>
          <ErrorAlert error={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PesosInput
              label={t('notify.amount')}
              description={t('notify.amountHint')}
              withAsterisk
              error={errors.amount?.message}
              {...form.register('amount')}
            />
            <Controller
              control={form.control}
              name="origin_bank"
              render={({ field }) => (
                <Select
                  label={t('notify.originBank')}
                  placeholder={t('notify.originBankPlaceholder')}
                  nothingFoundMessage={t('notify.nothingFound')}
                  data={BANK_OPTIONS}
                  searchable
                  clearable
                  withAsterisk
                  name={field.name}
                  ref={field.ref}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={errors.origin_bank?.message}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="reference_type"
            render={({ field }) => (
              <Radio.Group
                label={t('notify.referenceType')}
                withAsterisk
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                error={errors.reference_type?.message}
              >
                <Group gap="lg" mt={6}>
                  {SPEI_REFERENCE_TYPES.map((type) => (
                    <Radio key={type} value={type} label={t(`notify.referenceTypes.${type}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('notify.referenceNumber')}
              description={t('notify.referenceNumberHint')}
              maxLength={40}
              withAsterisk
              error={errors.reference_number?.message}
              {...form.register('reference_number')}
            />
            <TextInput
              label={t('notify.trackingKey')}
              description={t('notify.trackingKeyHint')}
              maxLength={30}
              autoCapitalize="characters"
              withAsterisk
              error={errors.tracking_key?.message}
              {...form.register('tracking_key')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="voucher"
            render={({ field }) => (
              <FileInput
                label={t('notify.voucher')}
                description={t('notify.voucherHint')}
                placeholder={t('notify.voucherPlaceholder')}
                leftSection={<IconPaperclip size={16} />}
                accept={ACCEPT}
                clearable
                withAsterisk
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                fileInputProps={{ 'aria-label': t('notify.voucherInput') }}
                error={errors.voucher?.message}
              />
            )}
          />
          <FeePreview amount={form.watch('amount')} />
          <Group justify="flex-end">
            <Button type="submit" loading={notify.isPending}>
              {t('notify.submit')}
            </Button>
          </Group>
        </Stack>
      </Box>
    </Card>
  );
}
