import {
  localizeIssues,
  SPEI_WEBHOOK,
  speiWebhookContract,
  speiWebhookSchema,
} from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import { AppError } from '../../platform/errors';
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
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_FAILED');
      }
      const event = speiWebhookSchema.safeParse(json);
      if (!event.success) {
        throw new AppError(
          'VALIDATION_FAILED',
          {},
          localizeIssues(event.error.issues, request.language),
        );
      }
      const { outcome, transfer } = await transfers.record(
        event.data.data,
        'webhook',
        event.data.event_id,
      );
      return { data: { status: outcome, ...(transfer ? { bank_transfer_id: transfer.id } : {}) } };
    },
  });
};
