import {
  CARD_BRAND_NAMES,
  CARD_DECLINE_REASONS,
  cardDepositSchema,
  cardDetailsSchema,
  cardSummary,
  depositBreakdown,
  formatMoney,
  groupCardDigits,
  SANDBOX_TEST_CARDS,
  type CardPaymentsConfig,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domainResolver } from '../../../lib/form-resolver';
import { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { applyServerErrors, messageOf } from '../../../lib/server-errors';
import { AppLoadingOverlay } from '../../../ui/AppLoadingOverlay';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { FormBody } from '../../../ui/FormBody';
import { walletKeys } from '../../../lib/api/wallet';
import { createCardDeposit, tokenizeCard, useCardPaymentsConfig } from '../card-deposits';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { depositKeys } from '../deposits-api';
import { Breakdown } from './CardDepositBreakdown';
import { CardAmountField, CardAmountSummary } from './CardEntryFields';
import { StripeCardEntry } from './StripeCardEntry';
import {
  clearPendingCardDeposit,
  loadPendingCardDeposit,
  savePendingCardDeposit,
  type PendingCardDeposit,
} from '../pending-card-deposit';

/** The form checks what the provider and our API will: the card, and the amount rules of §5. */
const formSchema = cardDetailsSchema(() => new Date()).extend({
  amount: cardDepositSchema.shape.amount,
});

const emptyForm = { amount: '', card_number: '', expiry: '', cvc: '', holder_name: '' };

/**
 * A card tokenised and waiting for the merchant to confirm the amounts shown; its key is one per
 * confirmation, resent when the same confirmation is retried.
 */
type Review = PendingCardDeposit;

/**
 * Card deposits of `finance/deposits` (decision 013): amount and card, then a review of the fee
 * and what reaches the balance before the merchant confirms. The card goes to the payment
 * provider only; our API receives its token.
 */
export function CardDepositPanel({ onDeposited }: { onDeposited?: () => void } = {}) {
  const { t } = useTranslation('card-deposits');
  const config = useCardPaymentsConfig();
  return (
    <Card
      component="section"
      withBorder
      padding="lg"
      radius="md"
      aria-labelledby="card-deposit-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <IconCreditCard size={22} aria-hidden />
            <Title order={2} fz="lg" id="card-deposit-title">
              {t('title')}
            </Title>
          </Group>
          {config.data?.sandbox && (
            <Badge color="yellow" variant="light" size="lg" leftSection={<IconFlask size={14} />}>
              {t('sandbox.badge')}
            </Badge>
          )}
        </Group>
        {config.isPending ? (
          <Skeleton height={220} />
        ) : config.isError ? (
          <ErrorAlert error={messageOf(config.error)} />
        ) : !config.data.available ? (
          <Alert color="gray" variant="light">
            {t('unavailable')}
          </Alert>
        ) : (
          <CardDepositForm config={config.data} onDeposited={onDeposited} />
        )}
      </Stack>
    </Card>
  );
}

function CardDepositForm({
  config,
  onDeposited,
}: {
  config: CardPaymentsConfig;
  onDeposited?: () => void;
}) {
  const { t } = useTranslation('card-deposits');
  const queryClient = useQueryClient();
  const form = useForm({ resolver: domainResolver(formSchema), defaultValues: emptyForm });
  // A confirmation whose answer a reload lost comes back, to be sent again with its key.
  const [resumed] = useState(loadPendingCardDeposit);
  const [review, setReview] = useState<Review | null>(resumed);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  const tokenize = useMutation({
    mutationFn: async (amount: number) => {
      const { amount: typed, ...card } = form.getValues();
      const token = await tokenizeCard(config, card);
      return {
        amount: typed,
        breakdown: depositBreakdown(amount),
        token,
        idempotencyKey: newIdempotencyKey(),
      };
    },
    onSuccess: setReview,
    onError: (failure) => setError(applyServerErrors(failure, form.setError)),
  });

  const confirm = useMutation({
    mutationFn: (current: Review) => {
      // Kept until the server answers: a reload meanwhile sends this same confirmation again.
      savePendingCardDeposit(current);
      return createCardDeposit(
        { amount: current.amount, token: current.token.id },
        current.idempotencyKey,
      );
    },
    onSuccess: async (deposit) => {
      clearPendingCardDeposit();
      notifications.show({
        color: 'teal',
        message: t('success', { net: formatMoney(deposit.net_centavos) }),
      });
      setReview(null);
      form.reset(emptyForm);
      onDeposited?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: depositKeys.all }),
      ]);
    },
    onError: (failure) => {
      setError(messageOf(failure));
      // A decline or a refused request needs new card details; a lost answer (network, 5xx)
      // keeps the review, so confirming again resends the same key and charges at most once.
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
        clearPendingCardDeposit();
        setReview(null);
        form.setValue('cvc', '');
      }
      // A declined deposit is kept as failed, with its reason, in the list below.
      void queryClient.invalidateQueries({ queryKey: depositKeys.all });
    },
  });

  const busy = tokenize.isPending || confirm.isPending;

  const resent = useRef(false);
  useEffect(() => {
    if (!resumed || resent.current) return;
    resent.current = true;
    confirm.mutate(resumed);
  }, [resumed, confirm]);

  if (review) {
    return (
      <Box pos="relative">
        <AppLoadingOverlay visible={busy} />
        <Stack gap="md">
          <ErrorAlert error={error} />
          {resumed && confirm.isPending && (
            <Alert color="blue" variant="light">
              {t('review.resuming')}
            </Alert>
          )}
          <Text fw={600}>{t('review.title')}</Text>
          <Text size="sm">
            {t('review.card', {
              card: cardSummary(review.token.card.brand, review.token.card.last4),
            })}
          </Text>
          <Breakdown breakdown={review.breakdown} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                // Abandoned: a charge that did happen is settled by the server's reconciliation.
                clearPendingCardDeposit();
                setReview(null);
                setError(null);
              }}
            >
              {t('review.back')}
            </Button>
            <Button
              onClick={() => {
                setError(null);
                confirm.mutate(review);
              }}
              loading={confirm.isPending}
            >
              {t('review.confirm', { amount: formatMoney(review.breakdown.amount) })}
            </Button>
          </Group>
        </Stack>
      </Box>
    );
  }

  if (config.provider === 'stripe') {
    return (
      <StripeCardEntry
        publishableKey={config.publishable_key!}
        testMode={config.sandbox}
        onTokenized={(tokenized) => {
          setError(null);
          setReview({ ...tokenized, idempotencyKey: newIdempotencyKey() });
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <FormBody
        error={error}
        busy={busy}
        onSubmit={form.handleSubmit((values) => {
          setError(null);
          tokenize.mutate(values.amount);
        })}
        actions={
          <Group justify="flex-end">
            <Button type="submit" loading={tokenize.isPending}>
              {t('continue')}
            </Button>
          </Group>
        }
      >
        <CardAmountField registration={form.register('amount')} error={errors.amount?.message} />
        <TextInput
          label={t('fields.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          withAsterisk
          error={errors.card_number?.message}
          {...form.register('card_number')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('fields.expiry')}
            placeholder={t('fields.expiryPlaceholder')}
            autoComplete="cc-exp"
            maxLength={7}
            withAsterisk
            error={errors.expiry?.message}
            {...form.register('expiry')}
          />
          <TextInput
            label={t('fields.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            withAsterisk
            error={errors.cvc?.message}
            {...form.register('cvc')}
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.holderName')}
          autoComplete="cc-name"
          withAsterisk
          error={errors.holder_name?.message}
          {...form.register('holder_name')}
        />
        <CardAmountSummary typed={form.watch('amount')} />
      </FormBody>
      {config.sandbox && (
        <TestCards
          onUse={(number) =>
            form.setValue('card_number', groupCardDigits(number), { shouldValidate: true })
          }
        />
      )}
    </Stack>
  );
}

/** The sandbox's documented test cards (decision 013), with the answer each one gets. */
function TestCards({ onUse }: { onUse: (number: string) => void }) {
  const { t } = useTranslation('card-deposits');
  const language = currentLanguage();
  return (
    <Alert color="yellow" variant="light" title={t('sandbox.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('sandbox.hint')}</Text>
        <Table aria-label={t('sandbox.title')} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sandbox.number')}</Table.Th>
              <Table.Th>{t('sandbox.brand')}</Table.Th>
              <Table.Th>{t('sandbox.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SANDBOX_TEST_CARDS.map((card) => (
              <Table.Tr key={card.number}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    ff="monospace"
                    fz="sm"
                    onClick={() => onUse(card.number)}
                    aria-label={t('sandbox.use', { number: groupCardDigits(card.number) })}
                  >
                    {groupCardDigits(card.number)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{CARD_BRAND_NAMES[card.brand]}</Table.Td>
                <Table.Td>
                  {card.outcome === 'approved'
                    ? t('sandbox.approved')
                    : t('sandbox.declined', {
                        reason: CARD_DECLINE_REASONS[card.outcome][language],
                      })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Alert>
  );
}
