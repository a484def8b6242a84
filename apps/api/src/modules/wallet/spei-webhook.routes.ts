import {
  localizeIssues,
  SPEI_WEBHOOK,
  speiWebhookAnswerSchema,
  speiWebhookSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AppModule } from '../services';
import { speiWebhookSecret, verifySpeiSignature } from './spei-webhook.signature';

/**
 * `POST webhooks/spei`: the bank reports each incoming SPEI transfer (decision 014). The
 * signature covers the exact bytes sent, so this plugin — and only it, Fastify keeps parsers per
 * plugin — reads JSON bodies as raw bytes and parses them after the signature is checked.
 */
export const speiWebhookRoutes: AppModule = async (app, deps) => {
  const secret = speiWebhookSecret(deps.config);
  const transfers = deps.bankTransfers;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/spei',
    {
      config: { access: 'public' },
      // The body is checked by hand once the signature over its bytes is verified; the schema
      // below documents it.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['webhooks'],
        summary: 'Incoming SPEI transfer reported by the bank (signed)',
        description: [
          `Header \`${SPEI_WEBHOOK.signatureHeader}: t=<unix seconds>,v1=<hex>\` where v1 is`,
          'HMAC-SHA256 with SPEI_WEBHOOK_SECRET over `${t}.${raw body}`; several v1 are accepted',
          'while rotating secrets. A wrong signature answers 401 WEBHOOK_SIGNATURE_INVALID, one',
          `signed more than ${SPEI_WEBHOOK.toleranceSeconds / 60} minutes away from our clock`,
          '401 WEBHOOK_TIMESTAMP_STALE. A replayed `event_id`, or a transfer already recorded',
          '(same operation date, sending bank and tracking key, by webhook or statement), answers',
          '200 `duplicate` and moves nothing. Otherwise `credited` (to the owner of',
          '`beneficiary_clabe`), `matched` (credited by matching its pending deposit',
          'notification: one credit for both) or `unmatched` (staff queue).',
        ].join(' '),
        headers: z.object({ [SPEI_WEBHOOK.signatureHeader]: z.string() }),
        body: speiWebhookSchema,
        response: { 200: z.object({ data: speiWebhookAnswerSchema }) },
      },
    },
    async (request) => {
      const raw: unknown = request.body;
      const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
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
  );
};
