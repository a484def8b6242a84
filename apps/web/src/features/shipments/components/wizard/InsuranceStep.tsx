import { centavosToPesos, formatMoney, INSURANCE_RULES, insuranceQuote } from '@despacho/domain';
import {
  Alert,
  Anchor,
  CloseButton,
  FileInput,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileInvoice, IconPaperclip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../lib/server-errors';
import { invoiceFileProblem, purchaseApi, INSURANCE_INVOICE_RULES } from '../../purchase-api';
import { centavosOf, emptyInsurance, errorAt, productsValue, type WizardValues } from './model';
import { PesosInput } from '../../../../ui/PesosInput';

export const INVOICE_UPLOAD_KEY = ['shipments', 'insurance-invoice'] as const;

const TERM_SECTIONS = ['coverage', 'excludedGoods', 'exclusions', 'claims'] as const;

/** Pesos as typed in the form: `1500.00`. */

/**
 * Step 4, optional: insure the goods. The declared value (at most 100,000 MXN, starting from what
 * the products are worth) gives the premium as it is typed (1.5 %, at least 20 MXN, plus VAT) and
 * the 30 % deductible; the stamped sales invoice is uploaded (PDF or XML ≤ 1 MB) or named by its
 * fiscal folio. Below, what is covered and excluded and how to claim.
 */
export function InsuranceStep() {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const insurance = useWatch({ control: form.control, name: 'insurance' });
  const packages = useWatch({ control: form.control, name: 'packages' });
  const goodsValue = productsValue(packages);
  const insurable = goodsValue > 0 && goodsValue <= INSURANCE_RULES.maxDeclaredValueCentavos;

  const toggle = (on: boolean) => {
    form.clearErrors('insurance');
    form.setValue(
      'insurance',
      on ? emptyInsurance(insurable ? centavosToPesos(goodsValue) : '') : null,
      {
        shouldDirty: true,
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('insurance.title')}
      </Title>
      <Switch
        label={t('insurance.toggle')}
        description={t('insurance.toggleHint')}
        checked={insurance != null}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {insurance != null && <InsuranceForm goodsValue={insurable ? goodsValue : null} />}
      <InsuranceTerms />
    </Stack>
  );
}

function InsuranceForm({ goodsValue }: { goodsValue: number | null }) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const { errors } = form.formState;
  const declared = useWatch({ control: form.control, name: 'insurance.declared_value' });
  const fileId = useWatch({ control: form.control, name: 'insurance.invoice_file_id' });
  const centavos = centavosOf(declared);
  const breakdown =
    centavos !== null && centavos <= INSURANCE_RULES.maxDeclaredValueCentavos
      ? insuranceQuote(centavos)
      : null;
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationKey: INVOICE_UPLOAD_KEY,
    mutationFn: purchaseApi.uploadInvoice,
    onSuccess: ({ file_id }, file) => {
      setFileName(file.name);
      form.setValue('insurance.invoice_file_id', file_id, { shouldDirty: true });
      form.clearErrors('insurance.invoice_uuid');
    },
    onError: (error) => setFileProblem(messageOf(error)),
  });

  const pick = (file: File | null) => {
    setFileProblem(null);
    if (!file) return;
    const problem = invoiceFileProblem(file);
    if (problem) {
      setFileProblem(
        t(
          problem === 'FILE_TOO_LARGE' ? 'insurance.invoiceTooLarge' : 'insurance.invoiceWrongType',
        ),
      );
      return;
    }
    upload.mutate(file);
  };
  const removeFile = () => {
    setFileName(null);
    form.setValue('insurance.invoice_file_id', null, { shouldDirty: true });
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <PesosInput
          label={t('insurance.declaredValue')}
          description={t('insurance.declaredValueHint')}
          withAsterisk
          error={errorAt(errors, 'insurance.declared_value')}
          {...form.register('insurance.declared_value')}
        />
        {goodsValue !== null && centavos !== goodsValue && (
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              {t('insurance.productsValue', { value: formatMoney(goodsValue) })}
            </Text>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() =>
                form.setValue('insurance.declared_value', centavosToPesos(goodsValue), {
                  shouldValidate: true,
                })
              }
            >
              {t('insurance.useProductsValue')}
            </Anchor>
          </Group>
        )}
        {breakdown && (
          <Table
            variant="vertical"
            withTableBorder
            fz="sm"
            aria-label={t('insurance.quote')}
            data-testid="insurance-quote"
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="60%">{t('insurance.premium')}</Table.Th>
                <Table.Td ta="right">{formatMoney(breakdown.premium)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('insurance.vat')}</Table.Th>
                <Table.Td ta="right">{formatMoney(breakdown.vat)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('insurance.total')}</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(breakdown.total)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('insurance.deductible')}</Table.Th>
                <Table.Td ta="right">{formatMoney(breakdown.deductible)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}

        <div>
          <Group gap="xs">
            <IconFileInvoice size={18} aria-hidden />
            <Text fw={600}>{t('insurance.invoiceTitle')}</Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {t('insurance.invoiceHint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fileId ? (
            <Group gap="xs" wrap="nowrap" align="center">
              <IconPaperclip size={16} aria-hidden />
              <Text fz="sm" role="status">
                {t('insurance.invoiceUploaded', { name: fileName ?? '' })}
              </Text>
              <CloseButton aria-label={t('insurance.invoiceRemove')} onClick={removeFile} />
            </Group>
          ) : (
            <FileInput
              label={t('insurance.invoiceFile')}
              placeholder={t('insurance.invoicePlaceholder')}
              description={upload.isPending ? t('insurance.invoiceUploading') : undefined}
              leftSection={<IconPaperclip size={16} />}
              accept={INSURANCE_INVOICE_RULES.accept}
              value={null}
              onChange={pick}
              disabled={upload.isPending}
              error={fileProblem}
            />
          )}
          <Controller
            control={form.control}
            name="insurance.invoice_uuid"
            render={({ field }) => (
              <TextInput
                label={t('insurance.invoiceUuid')}
                placeholder={t('insurance.invoiceUuidPlaceholder')}
                maxLength={36}
                autoComplete="off"
                styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value.trim() || null)}
                onBlur={field.onBlur}
                error={errorAt(errors, 'insurance.invoice_uuid')}
              />
            )}
          />
        </SimpleGrid>
        {upload.isError && !fileProblem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {messageOf(upload.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** What the insurance covers and excludes, and how a claim goes. */
function InsuranceTerms() {
  const { t } = useTranslation('shipment-create');
  return (
    <Stack gap="xs" component="section" aria-labelledby="insurance-terms">
      <Title order={3} fz="md" id="insurance-terms">
        {t('insurance.terms')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {TERM_SECTIONS.map((section) => (
          <Paper key={section} withBorder radius="md" p="md">
            <Text fw={600} fz="sm" mb={6}>
              {t(`insurance.${section}.title`)}
            </Text>
            <List size="sm" spacing={4}>
              {(t(`insurance.${section}.items`, { returnObjects: true }) as string[]).map(
                (item) => (
                  <List.Item key={item}>{item}</List.Item>
                ),
              )}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
