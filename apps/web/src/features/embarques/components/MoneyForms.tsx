import {
  EXPENSE_CONCEPTS,
  PAYMENT_REQUEST_KINDS,
  embarqueExpensesSchema,
  paymentRequestCreateSchema,
  supplierPaymentCreateSchema,
  type StaffEmbarque,
} from '@despacho/domain';
import { ActionIcon, Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useRecordSupplierPayment, useRequestPayment, useSetExpenses } from '../staff-api';
import { MoneyField } from './MoneyField';

interface FormOf {
  embarque: StaffEmbarque;
  onDone: () => void;
}

/** Asks the merchant to pay an advance (duties and expenses) or a service charge, in MXN. */
export function PaymentRequestForm({ embarque, onDone }: FormOf) {
  const { t } = useTranslation('embarques');
  const request = useRequestPayment(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: paymentRequestCreateSchema,
    defaultValues: { kind: 'advance', concept: '' },
    submit: (values) => request.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.requested') });
      onDone();
    },
  });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.requestPayment')}
      cancelLabel={t('staff.cancel')}
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field, fieldState }) => (
          <Select
            label={t('staff.requestKind')}
            data={PAYMENT_REQUEST_KINDS.map((kind) => ({
              value: kind,
              label: t(`requestKinds.${kind}`),
            }))}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            allowDeselect={false}
            withAsterisk
          />
        )}
      />
      <TextInput
        label={t('staff.requestConcept')}
        withAsterisk
        {...form.register('concept')}
        error={form.formState.errors.concept?.message}
      />
      <MoneyField name="amount_centavos" label={t('staff.requestAmount')} />
    </EntityForm>
  );
}

/** The cuenta de gastos, replaced whole: one row per concept spent on the merchant's behalf. */
export function ExpensesForm({ embarque, onDone }: FormOf) {
  const { t } = useTranslation('embarques');
  const save = useSetExpenses(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: embarqueExpensesSchema,
    defaultValues: {
      expenses: embarque.expenses.map(({ concept, description, amount_centavos }) => ({
        concept,
        description: description ?? '',
        amount_centavos,
      })),
    },
    submit: (values) => save.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.expensesSaved') });
      onDone();
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'expenses' });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.save')}
      cancelLabel={t('staff.cancel')}
    >
      {rows.fields.map((row, index) => (
        <Paper key={row.id} withBorder p="sm" radius="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Controller
              control={form.control}
              name={`expenses.${index}.concept`}
              render={({ field, fieldState }) => (
                <Select
                  label={t('staff.expenseConcept')}
                  data={EXPENSE_CONCEPTS.map((concept) => ({
                    value: concept,
                    label: t(`expenseConcepts.${concept}`),
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  allowDeselect={false}
                  withAsterisk
                  flex="1 1 220px"
                />
              )}
            />
            <TextInput
              label={t('staff.expenseDescription')}
              flex="1 1 160px"
              {...form.register(`expenses.${index}.description`)}
            />
            <div style={{ flex: '1 1 140px' }}>
              <MoneyField
                name={`expenses.${index}.amount_centavos`}
                label={t('staff.expenseAmount')}
              />
            </div>
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              aria-label={t('staff.removeExpense', { number: index + 1 })}
              onClick={() => rows.remove(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            rows.append({ concept: 'igi', description: '', amount_centavos: undefined as never })
          }
        >
          {t('staff.addExpense')}
        </Button>
      </Group>
    </EntityForm>
  );
}

/** A payment made to the supplier, in its currency, as the bank recorded it. */
export function SupplierPaymentForm({ embarque, onDone }: FormOf) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  const record = useRecordSupplierPayment(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: supplierPaymentCreateSchema,
    defaultValues: { currency: 'USD', paid_on: dates.today(), reference: '' },
    submit: (values) => record.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.supplierSaved') });
      onDone();
    },
  });
  const { errors } = form.formState;
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.save')}
      cancelLabel={t('staff.cancel')}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <MoneyField name="amount_cents" label={t('staff.supplierAmount')} />
          <TextInput
            label={t('staff.supplierCurrency')}
            maxLength={3}
            withAsterisk
            {...form.register('currency')}
            error={errors.currency?.message}
          />
        </Group>
        <TextInput
          type="date"
          label={t('staff.supplierPaidOn')}
          withAsterisk
          {...form.register('paid_on')}
          error={errors.paid_on?.message}
        />
        <TextInput
          label={t('staff.supplierReference')}
          withAsterisk
          {...form.register('reference')}
          error={errors.reference?.message}
        />
      </Stack>
    </EntityForm>
  );
}
