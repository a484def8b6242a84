import {
  cardDepositSchema,
  depositBreakdown,
  z,
  type CardToken,
  type DepositBreakdown,
} from '@despacho/domain';
import { Alert, Box, Button, Group, Input, TextInput } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domainResolver } from '../../../lib/form-resolver';
import { FormBody } from '../../../ui/FormBody';
import { createStripePaymentMethod, loadStripeJs } from '../stripe-card';
import { CardAmountField, CardAmountSummary } from './CardEntryFields';

const formSchema = z.object({
  amount: cardDepositSchema.shape.amount,
  holder_name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
});

/**
 * The card entry when Stripe takes cards (decision 034): amount and holder here, the card in
 * Stripe's own element (its frames), which Stripe.js turns into a PaymentMethod for the review.
 */
export function StripeCardEntry({
  publishableKey,
  testMode,
  onTokenized,
}: {
  publishableKey: string;
  testMode: boolean;
  onTokenized: (review: { amount: string; breakdown: DepositBreakdown; token: CardToken }) => void;
}) {
  const { t } = useTranslation('card-deposits');
  const form = useForm({
    resolver: domainResolver(formSchema),
    defaultValues: { amount: '', holder_name: '' },
  });
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: Stripe; card: StripeCardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors } = form.formState;

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let gone = false;
    loadStripeJs(publishableKey).then(
      (client) => {
        if (gone || !mountPoint.current) return;
        card = client.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        setStripe({ client, card });
      },
      () => setError(t('stripe.unavailable')),
    );
    return () => {
      gone = true;
      card?.destroy();
    };
  }, [publishableKey, t]);

  return (
    <FormBody
      error={error}
      busy={busy}
      onSubmit={form.handleSubmit(async (values) => {
        if (!stripe) return;
        setError(null);
        setBusy(true);
        const made = await createStripePaymentMethod(stripe.client, stripe.card, values.holder_name)
          .catch(() => ({ error: t('stripe.unavailable') }))
          .finally(() => setBusy(false));
        if ('error' in made) return setError(made.error);
        const { amount } = form.getValues();
        onTokenized({ amount, breakdown: depositBreakdown(values.amount), token: made.token });
      })}
      actions={
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!stripe}>
            {t('continue')}
          </Button>
        </Group>
      }
    >
      <CardAmountField registration={form.register('amount')} error={errors.amount?.message} />
      <Input.Wrapper label={t('stripe.card')} withAsterisk>
        <Box ref={mountPoint} data-testid="stripe-card-element" py="xs" />
      </Input.Wrapper>
      <TextInput
        label={t('fields.holderName')}
        autoComplete="cc-name"
        withAsterisk
        error={errors.holder_name?.message}
        {...form.register('holder_name')}
      />
      <CardAmountSummary typed={form.watch('amount')} />
      {testMode && (
        <Alert color="yellow" variant="light">
          {t('stripe.testCards')}
        </Alert>
      )}
    </FormBody>
  );
}
