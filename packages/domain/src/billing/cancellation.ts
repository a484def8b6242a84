import { z } from '../validation';

/**
 * SAT's cancellation reasons (c_MotivoCancelacion): 01 issued with errors and replaced by another
 * CFDI, 02 issued with errors without a replacement, 03 the operation did not happen, 04 a
 * nominative operation included in a global invoice (decision 035).
 */
export const CANCELLATION_MOTIVES = ['01', '02', '03', '04'] as const;
export type CancellationMotive = (typeof CANCELLATION_MOTIVES)[number];
/** Where SAT has it: pending (the receiver may still answer), accepted, rejected. */
export const CANCELLATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

const uuidField = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, {
    error: 'cfdi_uuid',
  })
  .transform((uuid) => uuid.toUpperCase());

/** Staff's request to cancel a stamped invoice: reason 01 names the replacing CFDI, only it. */
export const invoiceCancellationSchema = z
  .object({
    motive: z.enum(CANCELLATION_MOTIVES, { error: 'one_of' }),
    substitution_uuid: uuidField.nullish(),
  })
  .refine((body) => body.motive !== '01' || body.substitution_uuid, {
    error: 'required',
    path: ['substitution_uuid'],
  })
  .refine((body) => body.motive === '01' || !body.substitution_uuid, {
    error: 'cfdi_substitution_only_01',
    path: ['substitution_uuid'],
  });
export type InvoiceCancellationRequest = z.infer<typeof invoiceCancellationSchema>;

export const invoiceCancellationViewSchema = z.object({
  motive: z.enum(CANCELLATION_MOTIVES),
  substitution_uuid: z.string().nullable(),
  status: z.enum(CANCELLATION_STATUSES),
  requested_at: z.string(),
});

/**
 * The PAC's webhook (Facturapi, decision 035): header `Facturapi-Signature` is the hex
 * HMAC-SHA256 of the raw body with the webhook's secret. Only what billing reads is declared.
 */
export const FACTURAPI_WEBHOOK = {
  signatureHeader: 'facturapi-signature',
  /** An event older than this (its `created_at`) is refused as stale. */
  toleranceSeconds: 15 * 60,
} as const;

export const facturapiEventSchema = z.object({
  type: z.string().min(1),
  created_at: z.string().min(1),
  data: z.object({
    object: z
      .object({
        id: z.string().min(1),
        status: z.string().optional(),
        cancellation_status: z.string().nullish(),
      })
      .loose(),
  }),
});
