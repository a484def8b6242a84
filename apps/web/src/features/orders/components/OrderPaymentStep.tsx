import { centavosToPesos, ORDER_PAYMENT_STATES, pesosToCentavos } from '@despacho/domain';
import { NumberInput, Select, Stack, TagsInput, Textarea } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrderDraft } from '../order-draft';

/** Step 3: what the customer pays for shipping, the payment state, tags and a note. */
export function OrderPaymentStep() {
  const { t } = useTranslation('orders');
  const form = useFormContext<OrderDraft>();
  const { errors } = form.formState;
  return (
    <Stack>
      <Controller
        control={form.control}
        name="shipping_price"
        render={({ field }) => (
          <NumberInput
            label={t('create.payment.shipping')}
            description={t('create.payment.shippingHint')}
            prefix="$"
            decimalScale={2}
            min={0}
            value={centavosToPesos(field.value)}
            onChange={(value) => field.onChange(pesosToCentavos(String(value)) ?? 0)}
            error={errors.shipping_price?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="payment_state"
        render={({ field }) => (
          <Select
            label={t('create.payment.state')}
            withAsterisk
            allowDeselect={false}
            data={ORDER_PAYMENT_STATES.map((state) => ({
              value: state,
              label: t(`states.payment.${state}`),
            }))}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            error={errors.payment_state?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagsInput
            label={t('detail.tags.label')}
            description={t('detail.tags.hint')}
            maxTags={20}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Textarea
        label={t('create.payment.note')}
        maxLength={500}
        rows={2}
        error={errors.note?.message}
        {...form.register('note')}
      />
    </Stack>
  );
}
