import {
  cardDepositsContract,
  errorMessage,
  type ApiErrorBody,
  type CardDepositInput,
  type CardDetailsInput,
  type CardPaymentsConfig,
  type CardToken,
} from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { ApiError, unwrap, xsrfToken, type ApiData } from '../../lib/http';
import { currentLanguage } from '../../lib/i18n';

const cardDepositsKeys = queryKeys(cardDepositsContract);

/** Which provider takes cards and where; it only changes with the server's configuration. */
export function useCardPaymentsConfig() {
  return useQuery({
    queryKey: cardDepositsKeys.config(),
    queryFn: () => unwrap(call(cardDepositsContract.config)),
    staleTime: Infinity,
  });
}

/**
 * The sandbox provider's card element: sends the card straight to the provider's token endpoint
 * (`config.tokens_url`, outside /api/v1 and never through our API client) and answers a
 * single-use token. A real provider's element (Stripe.js, Conekta.js…) takes this place.
 */
export async function tokenizeCard(
  config: CardPaymentsConfig,
  card: CardDetailsInput,
): Promise<CardToken> {
  const language = currentLanguage();
  const csrf = xsrfToken();
  const response = await fetch(config.tokens_url!, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-language': language,
      ...(csrf ? { 'x-xsrf-token': csrf } : {}),
    },
    body: JSON.stringify(card),
    credentials: 'same-origin',
  }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as
    ApiData<CardToken> | ApiErrorBody | null;
  if (response?.ok && body && 'data' in body) return body.data;
  if (body && 'error' in body) {
    const { code, message, fields, details } = body.error;
    throw new ApiError(response!.status, code, message, fields, details);
  }
  throw new ApiError(0, 'INTERNAL_ERROR', errorMessage('INTERNAL_ERROR', language));
}

/**
 * Charges the token and credits the balance. The key is one per confirmation: a double click or
 * a retry of the same confirmation sends it again and the server charges once.
 */
export const createCardDeposit = (input: CardDepositInput, idempotencyKey: string) =>
  unwrap(call(cardDepositsContract.deposit, { body: input, idempotencyKey }));
