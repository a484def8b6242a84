import { SPEI_WEBHOOK, speiWebhookContract, speiWebhookSchema } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import { parseSignedBody } from '../../platform/webhook-signature';
import type { AppModule } from '../services';
import { speiWebhookSecret, verifySpeiSignature } from './spei-webhook.signature';

/**
 * `POST webhooks/spei`: the bank reports each incoming SPEI transfer (decision 014). The
 * signature covers the exact bytes sent: the operation is `signed`, so the handler gets those
 * bytes and parses them after checking it.
 */
export const speiWebhookRoutes: AppModule = async (app, deps) => {
  const secret = speiWebhookSecret(deps.config);
  const transfers = deps.bankTransfers;
  implement(app, speiWebhookContract, {
    receive: async (request) => {
      const body = request.body;
      verifySpeiSignature(
        request.headers[SPEI_WEBHOOK.signatureHeader],
        body,
        secret,
        deps.clock.now(),
      );
      const event = parseSignedBody(body, speiWebhookSchema, request.language);
      const { outcome, transfer } = await transfers.record(event.data, 'webhook', event.event_id);
      return { data: { status: outcome, ...(transfer ? { bank_transfer_id: transfer.id } : {}) } };
    },
  });
};
