import { embarqueLinesSchema, formatTariffCode, type StaffEmbarque } from '@despacho/domain';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, get, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useCountryOptions } from '../../../ui/countries';
import { EntityForm } from '../../../ui/EntityForm';
import { useSetLines } from '../staff-api';
import { LineProductPicker } from './LineProductPicker';
import { MoneyField } from './MoneyField';

const EMPTY_LINE = {
  product_id: '',
  code: '',
  commercial_unit: '',
  currency: 'USD',
  origin_country: '',
};

/**
 * The commercial invoice's lines, replaced whole: the merchant's product (picked from its
 * catalogue), fracción +
 * NICO (checked against the catalogue in force by the server), both quantities, value and origin.
 */
export function LinesForm({ embarque, onDone }: { embarque: StaffEmbarque; onDone: () => void }) {
  const { t } = useTranslation('embarques');
  const save = useSetLines(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: embarqueLinesSchema,
    defaultValues: {
      lines: embarque.lines.map((line) => ({
        product_id: line.product.id,
        code: line.code,
        commercial_quantity: line.commercial_quantity,
        commercial_unit: line.commercial_unit,
        customs_quantity: line.customs_quantity,
        value_cents: line.value_cents,
        currency: line.currency,
        origin_country: line.origin_country,
      })),
    },
    // The schema reads each code into its parts; the API takes it as the 10 digits.
    submit: ({ lines }) =>
      save.mutateAsync({
        lines: lines.map((line) => ({ ...line, code: formatTariffCode(line.code) })),
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.linesSaved') });
      onDone();
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.save')}
      cancelLabel={t('staff.cancel')}
    >
      {lines.fields.map((line, index) => (
        <Paper key={line.id} withBorder p="sm" radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={600} fz="sm">
              {embarque.lines[index]?.product.name ?? t('staff.line', { number: index + 1 })}
            </Text>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={t('staff.removeLine', { number: index + 1 })}
              onClick={() => lines.remove(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
          <LineFields
            index={index}
            organizationId={embarque.organization.id}
            initialLabel={embarque.lines[index]?.product.name}
          />
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => lines.append(EMPTY_LINE as never)}
        >
          {t('staff.addLine')}
        </Button>
      </Group>
    </EntityForm>
  );
}

type LineField =
  | 'product_id'
  | 'code'
  | 'commercial_quantity'
  | 'commercial_unit'
  | 'customs_quantity'
  | 'value_cents'
  | 'currency'
  | 'origin_country';

function LineFields({
  index,
  organizationId,
  initialLabel,
}: {
  index: number;
  organizationId: string;
  initialLabel: string | undefined;
}) {
  const { t } = useTranslation('embarques');
  const form = useFormContext();
  const countries = useCountryOptions(t('staff.otherCountry'));
  const name = (field: LineField) => `lines.${index}.${field}`;
  const errorOf = (field: LineField) =>
    (get(form.formState.errors, name(field)) as { message?: string } | undefined)?.message;
  const quantity = (field: 'commercial_quantity' | 'customs_quantity', label: string) => (
    <Controller
      control={form.control}
      name={name(field)}
      render={({ field: input }) => (
        <NumberInput
          label={label}
          withAsterisk
          decimalScale={3}
          min={0}
          ref={input.ref}
          value={input.value ?? ''}
          onBlur={input.onBlur}
          onChange={(value) => input.onChange(typeof value === 'number' ? value : undefined)}
          error={errorOf(field)}
        />
      )}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LineProductPicker
        index={index}
        organizationId={organizationId}
        initialLabel={initialLabel}
      />
      <TextInput
        label={t('staff.lineCode')}
        withAsterisk
        autoComplete="off"
        {...form.register(name('code'))}
        error={errorOf('code')}
      />
      {quantity('commercial_quantity', t('staff.lineCommercialQuantity'))}
      <TextInput
        label={t('staff.lineCommercialUnit')}
        withAsterisk
        {...form.register(name('commercial_unit'))}
        error={errorOf('commercial_unit')}
      />
      {quantity('customs_quantity', t('staff.lineCustomsQuantity'))}
      <MoneyField name={name('value_cents')} label={t('staff.lineValue')} />
      <TextInput
        label={t('staff.lineCurrency')}
        withAsterisk
        maxLength={3}
        {...form.register(name('currency'))}
        error={errorOf('currency')}
      />
      <Controller
        control={form.control}
        name={name('origin_country')}
        render={({ field }) => (
          <Select
            label={t('staff.lineOrigin')}
            data={countries}
            searchable
            withAsterisk
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            error={errorOf('origin_country')}
          />
        )}
      />
    </SimpleGrid>
  );
}
