import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  BANK_STATEMENT_FIELD,
  bankStatementImportSchema,
  bankTransferAssignSchema,
  bankTransferReturnSchema,
  bankTransfersQuerySchema,
  bankTransferViewSchema,
  MAX_STATEMENT_ROWS,
  SPEI_WEBHOOK,
  speiWebhookAnswerSchema,
  speiWebhookSchema,
  staffOrganizationOptionSchema,
  staffOrganizationSearchSchema,
} from './bank-transfers';

/*
 * SPEI reconciliation (decision 014): the bank reports each incoming transfer by a signed
 * webhook and in the statement staff import; staff settle what could not be credited by itself.
 * The API implements these in modules/wallet/{spei-webhook,bank-statements,bank-transfers}.routes.ts,
 * the web calls the staff ones from features/wallet/bank-transfers-api.ts.
 */

const access = 'staff';
const tags = ['staff'];
const answer = z.object({ data: bankTransferViewSchema });

/** The staff queue of transfers: assign each to its organization, or mark it returned. */
export const bankTransfersContract = defineContract('bank-transfers', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/bank-transfers',
    access,
    tags,
    description:
      'SPEI transfers the bank reported. `status=unmatched` is the queue (oldest first): ' +
      '`unmatched_reason` is `unknown_clabe` (nobody owns the receiving CLABE), ' +
      '`amount_mismatch` (its notification was approved for another amount) or `below_fee` ' +
      '(it does not cover the small-deposit fee).',
    query: bankTransfersQuerySchema,
    responses: { 200: pageSchema(bankTransferViewSchema) },
  }),
  organizations: defineOperation({
    method: 'GET',
    path: '/staff/bank-transfers/organizations',
    access,
    tags,
    description:
      'Organizations to assign a transfer to, by company name or receiving CLABE (20 at most).',
    query: staffOrganizationSearchSchema,
    responses: { 200: z.object({ data: z.array(staffOrganizationOptionSchema) }) },
  }),
  assign: defineOperation({
    method: 'POST',
    path: '/staff/bank-transfers/:id/assign',
    access,
    tags,
    description:
      'Credits an unmatched transfer to the organization, once (matching its pending ' +
      'notification like any transfer), and audits it. 409 BANK_TRANSFER_NOT_UNMATCHED when ' +
      'it was already credited or returned.',
    params: idParamsSchema,
    body: bankTransferAssignSchema,
    responses: { 200: answer },
  }),
  returnToSender: defineOperation({
    method: 'POST',
    path: '/staff/bank-transfers/:id/return',
    access,
    tags,
    description:
      'Marks an unmatched transfer returned to its sender (the return itself is made at the ' +
      'bank); no money moves in Despacho. Audited.',
    params: idParamsSchema,
    body: bankTransferReturnSchema,
    responses: { 200: answer },
  }),
});

/** Staff import the bank account statement so transfers the webhook missed are reconciled too. */
export const bankStatementsContract = defineContract('bank-statements', {
  import: defineOperation({
    method: 'POST',
    path: '/staff/bank-statements',
    access,
    tags,
    summary: 'Imports a bank statement (multipart, field `file`): CSV up to 1 MB',
    description: [
      'UTF-8 (or Windows-1252) CSV, comma-separated, fields with commas in double quotes, a',
      'header row naming the columns (any order, extra columns ignored):',
      '`fecha` (AAAA-MM-DD or AAAA-MM-DD HH:MM[:SS], Mexico City time),',
      '`clave_rastreo` (SPEI tracking key, 1-30 letters or digits),',
      '`banco_emisor` (3-digit bank code, as a CLABE starts: 012 BBVA),',
      '`clabe_emisor` (18-digit CLABE, 16-digit card or 10-digit phone),',
      '`nombre_emisor`, `clabe_beneficiario` (the receiving CLABE, 18 digits),',
      '`monto` (pesos: 1500.50 or "1,500.50") and optionally `concepto`.',
      `At most ${MAX_STATEMENT_ROWS} rows. Every row is checked first: a bad one answers`,
      '400 BANK_STATEMENT_INVALID with `details.line` and `details.column`, and nothing is',
      'recorded. Then each transfer is recorded once by its bank reference (operation date,',
      'sending bank, tracking key); the counts add up to `rows`.',
    ].join(' '),
    upload: { field: BANK_STATEMENT_FIELD },
    responses: { 200: z.object({ data: bankStatementImportSchema }) },
  }),
});

/** The bank reports each incoming SPEI transfer, signed over the exact bytes it sends. */
export const speiWebhookContract = defineContract('spei-webhook', {
  receive: defineOperation({
    method: 'POST',
    path: '/webhooks/spei',
    access: 'public',
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
    signed: { header: SPEI_WEBHOOK.signatureHeader },
    body: speiWebhookSchema,
    responses: { 200: z.object({ data: speiWebhookAnswerSchema }) },
  }),
});
