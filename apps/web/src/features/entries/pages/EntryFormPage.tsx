import { entrySchema, type VariantPick } from '@despacho/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useDateFormat } from '../../../lib/dates';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { PageHeader } from '../../../ui/PageHeader';
import { entriesApi, entriesKeys, useEntryWarehouses } from '../api';
import { EntryLineFields } from '../components/EntryLineFields';

const newLine = () => ({ variant_id: '', expected_quantity: 1 });

/**
 * `products/create-entry` and `products/new-entry`: announces goods to a platform warehouse.
 * Each line's missing product data shows as soon as its product is chosen; the server refuses
 * the entry while any remains (spec §8: it must be filled in). Every field hands its element to
 * the form, so a refused submit focuses (and scrolls to) the first one in error: without it, an
 * error far above the button looked like a button that did nothing.
 */
export function EntryFormPage() {
  const { t } = useTranslation('entries');
  const { t: nav } = useTranslation('navigation');
  const { t: common } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dates = useDateFormat();
  const warehouses = useEntryWarehouses().data ?? [];
  // The chosen variants, by line, for what each lacks (the picker's answer carries it).
  const [picks, setPicks] = useState<(VariantPick | undefined)[]>([undefined]);
  const { form, formProps } = useDomainForm({
    schema: entrySchema,
    defaultValues: {
      reference: '',
      warehouse_id: '',
      expected_date: dates.today(),
      carrier: '',
      tracking_number: '',
      lines: [newLine()],
    },
    submit: entriesApi.create,
    onSuccess: async (entry) => {
      await queryClient.invalidateQueries({ queryKey: entriesKeys.all });
      void navigate(`/app/products/entry-detail/${entry.id}`);
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const linesError =
    form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;
  const { errors } = form.formState;

  return (
    <>
      <PageHeader
        title={nav('screens.productsCreateEntry.title')}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.productsEntry.title'), to: '/app/products/entry' },
          { label: nav('screens.productsCreateEntry.title') },
        ]}
        subtitle={nav('screens.productsCreateEntry.description')}
      />
      <Paper withBorder radius="lg" p="lg">
        <EntityForm
          form={form}
          formProps={formProps}
          submitLabel={t('form.submit')}
          cancelLabel={t('form.cancel')}
          onCancel={() => void navigate('/app/products/entry')}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="warehouse_id"
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    label={t('form.warehouse')}
                    required
                    data={warehouses.map((location) => ({
                      value: location.id,
                      label: location.name,
                    }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={errors.warehouse_id?.message}
                    nothingFoundMessage={t('form.noWarehouses')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="expected_date"
                render={({ field }) => (
                  <DatePickerInput
                    ref={field.ref}
                    label={t('form.expectedDate')}
                    required
                    valueFormat="DD/MM/YYYY"
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={errors.expected_date?.message}
                    ariaLabels={{
                      previousMonth: common('datePicker.previousMonth'),
                      nextMonth: common('datePicker.nextMonth'),
                      previousYear: common('datePicker.previousYear'),
                      nextYear: common('datePicker.nextYear'),
                      previousDecade: common('datePicker.previousDecade'),
                      nextDecade: common('datePicker.nextDecade'),
                    }}
                  />
                )}
              />
              <TextInput
                label={t('form.reference')}
                description={t('form.referenceHint')}
                {...form.register('reference')}
                error={errors.reference?.message}
              />
              <TextInput
                label={t('form.carrier')}
                {...form.register('carrier')}
                error={errors.carrier?.message}
              />
              <TextInput
                label={t('form.trackingNumber')}
                {...form.register('tracking_number')}
                error={errors.tracking_number?.message}
              />
            </SimpleGrid>
            <Title order={3} fz="h4">
              {t('form.linesTitle')}
            </Title>
            {linesError && (
              <Alert color="red" variant="light" role="alert">
                {linesError}
              </Alert>
            )}
            {lines.fields.map((line, index) => (
              <EntryLineFields
                key={line.id}
                index={index}
                pick={picks[index]}
                onPick={(pick) =>
                  setPicks((all) => all.map((each, at) => (at === index ? pick : each)))
                }
                onRemove={() => {
                  lines.remove(index);
                  setPicks((all) => all.filter((_, at) => at !== index));
                }}
              />
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => {
                  lines.append(newLine());
                  setPicks((all) => [...all, undefined]);
                }}
              >
                {t('actions.addLine')}
              </Button>
            </Group>
          </Stack>
        </EntityForm>
      </Paper>
    </>
  );
}
