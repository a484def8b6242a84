import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { VERIFICATION_RULES } from '../verification/schemas';
import { DEPOSIT_METHODS, DEPOSIT_STATUSES, depositViewSchema } from './deposits';

/**
 * SPEI deposits beyond the notification form: the voucher the merchant attaches, the receiving
 * CLABE as people read it, and the staff review of pending notifications.
 */

/** The voucher of a SPEI notification: a PDF, JPEG or PNG of at most 1 MB (spec §5). */
export const DEPOSIT_VOUCHER_TYPES = ['pdf', 'jpeg', 'png'] as const;
export type DepositVoucherType = (typeof DEPOSIT_VOUCHER_TYPES)[number];
export const DEPOSIT_VOUCHER_RULES = {
  maxFileBytes: 1024 * 1024,
  /** The multipart field the file travels in. */
  field: 'voucher',
  mimeTypes: VERIFICATION_RULES.mimeTypes,
  extensions: VERIFICATION_RULES.extensions,
} as const;

/**
 * What is wrong with a voucher picked in the browser (its reported type, its extension, its
 * size); null when it may be sent. The server reads the content itself.
 */
export function depositVoucherProblem(
  file: { name: string; size: number; type: string } | null | undefined,
): 'FILE_REQUIRED' | 'FILE_TOO_LARGE' | 'FILE_TYPE_NOT_ALLOWED' | null {
  if (!file || file.size === 0) return 'FILE_REQUIRED';
  const name = file.name.toLowerCase();
  const mimeTypes: readonly string[] = Object.values(DEPOSIT_VOUCHER_RULES.mimeTypes);
  const typeOk = file.type === '' || mimeTypes.includes(file.type);
  const extensionOk = DEPOSIT_VOUCHER_RULES.extensions.some((extension) =>
    name.endsWith(extension),
  );
  if (!typeOk || !extensionOk) return 'FILE_TYPE_NOT_ALLOWED';
  if (file.size > DEPOSIT_VOUCHER_RULES.maxFileBytes) return 'FILE_TOO_LARGE';
  return null;
}

/** A CLABE grouped as bank, plaza, account and check digit: `646 180 21800000017 3`. */
export function groupClabe(clabe: string): string {
  if (!/^\d{18}$/.test(clabe)) return clabe;
  return [clabe.slice(0, 3), clabe.slice(3, 6), clabe.slice(6, 17), clabe.slice(17)].join(' ');
}

/** The header every call that creates a deposit carries, so a retry never creates a second. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Keys are what a client generates (a UUID or similar): printable, 8 to 100 characters. */
export const idempotencyKeyField = z.string().regex(/^[\x21-\x7e]{8,100}$/, { error: 'invalid' });

export const DEPOSIT_REJECT_REASON = { min: 5, max: 200 } as const;

/** `POST staff/deposits/{id}/reject`: the merchant reads the reason as staff wrote it. */
export const depositRejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .min(DEPOSIT_REJECT_REASON.min)
    .max(DEPOSIT_REJECT_REASON.max),
});
export type DepositReject = z.infer<typeof depositRejectSchema>;

/** `GET staff/deposits`: pending notifications oldest first; other statuses newest first. */
export const staffDepositsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(DEPOSIT_STATUSES, { error: 'one_of' }).optional(),
  method: z.enum(DEPOSIT_METHODS, { error: 'one_of' }).optional(),
  /**
   * `true`: only card deposits still pending past the reconciliation delay — their charge's
   * answer was lost and the provider is to be asked.
   */
  stuck: z
    .enum(['true', 'false'], { error: 'one_of' })
    .transform((value) => value === 'true')
    .optional(),
});
export type StaffDepositsQuery = z.infer<typeof staffDepositsQuerySchema>;

/** A deposit as staff see it: whose it is besides what the merchant sees. */
export const staffDepositSchema = depositViewSchema.extend({
  organization_id: z.string(),
  organization_name: z.string(),
  reviewed_at: z.string().nullable(),
});
export type StaffDeposit = z.infer<typeof staffDepositSchema>;
