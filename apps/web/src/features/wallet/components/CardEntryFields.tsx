import { cardDepositSchema, depositBreakdown } from '@despacho/domain';
import { Text } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Breakdown } from './CardDepositBreakdown';
import { PesosInput } from '../../../ui/PesosInput';

/**
 * What both card entries show around the card itself (our sandbox's fields, or Stripe's
 * element): the amount above it, and under it what the amount comes to.
 */

/** The amount to deposit, in pesos as typed. */
export function CardAmountField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'amount'>;
  error: string | undefined;
}) {
  const { t } = useTranslation('card-deposits');
  return (
    <PesosInput
      label={t('fields.amount')}
      description={t('fields.amountHint')}
      withAsterisk
      error={error}
      {...registration}
    />
  );
}

/** The fee and what reaches the balance once the typed amount is valid, then the privacy line. */
export function CardAmountSummary({ typed }: { typed: string }) {
  const { t } = useTranslation('card-deposits');
  const parsed = cardDepositSchema.shape.amount.safeParse(typed);
  return (
    <>
      {parsed.success && <Breakdown breakdown={depositBreakdown(parsed.data)} />}
      <Text size="xs" c="dimmed">
        {t('privacy')}
      </Text>
    </>
  );
}
