import { formatMoney } from '@despacho/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrderDraft } from '../order-draft';

/** Step 4: the order as it will be created, with its total. */
export function OrderReview() {
  const { t } = useTranslation('orders');
  const form = useFormContext<OrderDraft>();
  const draft = useWatch({ control: form.control }) as OrderDraft;
  const address = draft.shipping_address;
  const subtotal = draft.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={3} fz="md">
          {t('address.title')}
        </Title>
        <Text fz="sm">{address.contact_name}</Text>
        <Text fz="sm">
          {address.street} {address.external_number}, {address.neighborhood}, {address.zip}{' '}
          {address.municipality}, {address.state}
        </Text>
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="md">
          {t('detail.lines.title')}
        </Title>
        {draft.lines.map((line) => (
          <Group key={line.variant_id} justify="space-between" wrap="nowrap">
            <Text fz="sm">
              {line.quantity} × {line.label}
            </Text>
            <Text fz="sm">{formatMoney(line.unit_price * line.quantity)}</Text>
          </Group>
        ))}
        <Group justify="space-between">
          <Text fz="sm">{t('detail.totals.shipping')}</Text>
          <Text fz="sm">{formatMoney(draft.shipping_price)}</Text>
        </Group>
        <Group justify="space-between">
          <Text fz="sm" fw={700}>
            {t('detail.totals.total')}
          </Text>
          <Text fz="sm" fw={700}>
            {formatMoney(subtotal + draft.shipping_price)}
          </Text>
        </Group>
        <Text fz="sm" mt="xs">
          {t('create.review.payment', { state: t(`states.payment.${draft.payment_state}`) })}
        </Text>
      </Paper>
    </Stack>
  );
}
