import {
  EMBARQUE_APP_PATH,
  formatMoney,
  T1_CURRENCIES,
  T1_RULES,
  t1LineInputSchema,
  type T1LineRefusal,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBan, IconTrash } from '@tabler/icons-react';
import { Controller, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldRulesOf } from '../../../../lib/field-rules';
import { formatCode } from '../../../../lib/tariff-code';
import { useCountryOptions } from '../../../../ui/countries';
import { ProductPicker } from '../../../../ui/ProductPicker';
import { lineSubtotals } from './invoice';
import type { T1Values } from './model';

const RULES = fieldRulesOf(t1LineInputSchema.shape);

/**
 * Step 4: the commercial invoice. Each line is a catalogue product, its fracción + NICO
 * prefilled from the product's tariff code (editable), quantity, unit value in the invoice's
 * currency, country of origin and the description in English. A line the quote refused shows
 * why on the line itself: a code not in force, or a restriction that sends it to an embarque.
 */
export function LinesStep({
  names,
  refusals,
  onPick,
  onRemove,
}: {
  /** Each picked product's name, by id. */
  names: Readonly<Record<string, string>>;
  /** The quote's refusals, by product id. */
  refusals: Readonly<Record<string, T1LineRefusal>>;
  onPick: (product: { id: string; name: string }) => void;
  onRemove: (productId: string) => void;
}) {
  const { t } = useTranslation('international');
  const form = useFormContext<T1Values>();
  const { errors } = form.formState;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [currency, values] = useWatch({ control: form.control, name: ['currency', 'lines'] });
  const countries = useCountryOptions(t('lines.otherCountry'));
  const picked = (values ?? []).map((line) => line.product_id);
  const { subtotals, total } = lineSubtotals(values ?? []);
  const errorOf = (path: string) =>
    (get(errors, path) as { message?: string } | undefined)?.message;
  const listError = (get(errors, 'lines') as { root?: { message?: string } } | undefined)?.root
    ?.message;

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('lines.title')}
      </Title>
      <Controller
        control={form.control}
        name="currency"
        render={({ field }) => (
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="t1-currency">
              {t('lines.currency')}
            </Text>
            <SegmentedControl
              aria-labelledby="t1-currency"
              data={T1_CURRENCIES.map((value) => ({ value, label: value }))}
              value={field.value}
              onChange={field.onChange}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        )}
      />
      <ProductPicker
        label={t('lines.pick')}
        placeholder={t('lines.pickPlaceholder')}
        picked={picked}
        disabled={lines.fields.length >= T1_RULES.linesMax}
        onPick={onPick}
      />
      {listError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {listError}
        </Alert>
      )}
      {lines.fields.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('lines.none')}
        </Text>
      )}
      {lines.fields.map((field, index) => {
        const productId = values?.[index]?.product_id ?? '';
        const name = names[productId] ?? productId;
        const refusal = refusals[productId];
        const path = `lines.${index}` as const;
        return (
          <Paper
            key={field.id}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label={name}
            data-refused={refusal ? refusal.reason : undefined}
            style={refusal ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
          >
            <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ minWidth: 0 }}>
                {name}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                flex="none"
                leftSection={<IconTrash size={14} />}
                aria-label={t('lines.removeOne', { name })}
                onClick={() => {
                  lines.remove(index);
                  onRemove(productId);
                }}
              >
                {t('lines.remove')}
              </Button>
            </Group>
            {refusal?.reason === 'restricted' && (
              <Alert
                color="red"
                variant="light"
                icon={<IconBan size={18} />}
                role="alert"
                mb="sm"
                title={t('lines.restricted')}
              >
                <Text fz="sm">{refusal.message}</Text>
                {refusal.restrictions.length > 0 && (
                  <List size="sm" mt={4}>
                    {refusal.restrictions.map((restriction) => (
                      <List.Item key={`${restriction.authority}-${restriction.code}`}>
                        {`${restriction.authority} · ${restriction.code}: ${restriction.description}`}
                      </List.Item>
                    ))}
                  </List>
                )}
                <Anchor component={Link} to={EMBARQUE_APP_PATH} fz="sm" fw={600}>
                  {t('lines.asEmbarque')}
                </Anchor>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('lines.tariffCode')}
                description={t('lines.tariffCodeHint')}
                placeholder="6109.10.01.00"
                withAsterisk={RULES.tariff_code.required}
                error={
                  refusal?.reason === 'tariff_code_not_in_force'
                    ? refusal.message
                    : errorOf(`${path}.tariff_code`)
                }
                {...form.register(`${path}.tariff_code`, {
                  onBlur: (event: { target: { value: string } }) => {
                    const digits = event.target.value.replace(/\D/g, '');
                    if (digits.length === 10)
                      form.setValue(`${path}.tariff_code`, formatCode(digits));
                  },
                })}
              />
              <TextInput
                label={t('lines.description')}
                description={t('lines.descriptionHint')}
                withAsterisk={RULES.description.required}
                maxLength={RULES.description.maxLength}
                lang="en"
                error={errorOf(`${path}.description`)}
                {...form.register(`${path}.description`)}
              />
              <Controller
                control={form.control}
                name={`${path}.quantity`}
                render={({ field: input, fieldState }) => (
                  <NumberInput
                    label={t('lines.quantity')}
                    withAsterisk
                    min={1}
                    max={T1_RULES.quantityMax}
                    allowDecimal={false}
                    hideControls
                    name={input.name}
                    ref={input.ref}
                    onBlur={input.onBlur}
                    value={input.value ?? ''}
                    onChange={(value) =>
                      input.onChange(typeof value === 'number' ? value : undefined)
                    }
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextInput
                label={t('lines.unitValue', { currency })}
                withAsterisk
                inputMode="decimal"
                placeholder="0.00"
                error={errorOf(`${path}.unit_value`)}
                {...form.register(`${path}.unit_value`)}
              />
              <Controller
                control={form.control}
                name={`${path}.origin_country`}
                render={({ field: input, fieldState }) => (
                  <Select
                    label={t('lines.originCountry')}
                    withAsterisk
                    searchable
                    allowDeselect={false}
                    data={countries}
                    name={input.name}
                    ref={input.ref}
                    value={input.value || null}
                    onChange={(value) => input.onChange(value ?? '')}
                    onBlur={input.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Stack gap={2} justify="flex-end">
                <Text fz="xs" c="dimmed">
                  {t('lines.subtotal')}
                </Text>
                <Text fw={600} data-testid="t1-line-subtotal">
                  {subtotals[index] === null
                    ? '—'
                    : formatMoney(subtotals[index]!, currency ?? 'USD')}
                </Text>
              </Stack>
            </SimpleGrid>
          </Paper>
        );
      })}
      {lines.fields.length > 0 && (
        <Group justify="flex-end">
          <Text fz="sm">{t('lines.total')}</Text>
          <Text fw={800} data-testid="t1-invoice-total">
            {formatMoney(total, currency ?? 'USD')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
