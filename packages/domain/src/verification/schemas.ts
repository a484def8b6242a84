import { z } from '../validation';
import { requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';

/**
 * Account verification (spec §2, §4): the merchant says whether the account is an individual
 * (persona física) or a company (persona moral) and uploads three documents; platform staff
 * approve it or reject it with a reason the merchant reads, fixes and resubmits.
 *
 * not_started ─submit→ in_process ─approve→ verified
 *                          └──reject→ failed ─replace a document→ not_started (reason kept)
 *                                       └──submit again→ in_process
 */
export const VERIFICATION_STATUSES = ['not_started', 'in_process', 'verified', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Persona física / persona moral. */
export const PERSON_TYPES = ['individual', 'company'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/** Identificación oficial, comprobante de domicilio, constancia de situación fiscal. */
export const VERIFICATION_DOCUMENT_KINDS = ['id', 'address', 'tax_status'] as const;
export type VerificationDocumentKind = (typeof VERIFICATION_DOCUMENT_KINDS)[number];

/** What staff review: every status a submitted verification can be in. */
export const REVIEW_STATUSES = ['in_process', 'verified', 'failed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const VERIFICATION_FILE_TYPES = ['pdf', 'jpeg', 'png'] as const;
export type VerificationFileType = (typeof VERIFICATION_FILE_TYPES)[number];

export const VERIFICATION_RULES = {
  /** Spec §5: file size maximum 1 MB. */
  maxFileBytes: 1024 * 1024,
  /** The multipart field the file travels in. */
  field: 'file',
  /** What a browser reports for each accepted type, for the file picker and client-side checks. */
  mimeTypes: {
    pdf: 'application/pdf',
    jpeg: 'image/jpeg',
    png: 'image/png',
  } satisfies Record<VerificationFileType, string>,
  extensions: ['.pdf', '.jpg', '.jpeg', '.png'],
  reasonMaxLength: 500,
} as const;

/** States in which the merchant may still change documents and submit. */
export function isVerificationEditable(status: VerificationStatus): boolean {
  return status === 'not_started' || status === 'failed';
}

export const verificationDocumentKindSchema = z.enum(VERIFICATION_DOCUMENT_KINDS, {
  error: 'one_of',
});
/** Missing reads as "required", anything else as "choose a valid option". */
export const personTypeSchema = z.enum(PERSON_TYPES, {
  error: (issue) => (issue.input === undefined ? 'required' : 'one_of'),
});

/** Path parameters of `…/documents/{kind}`. */
export const verificationDocumentParamsSchema = z.object({ kind: verificationDocumentKindSchema });
export const verificationDownloadQuerySchema = z.object({
  download: z.enum(['0', '1']).optional(),
});

export const verificationDocumentSchema = z.object({
  kind: z.enum(VERIFICATION_DOCUMENT_KINDS),
  file_name: z.string(),
  file_type: z.enum(VERIFICATION_FILE_TYPES),
  size: z.number().int(),
  uploaded_at: z.string(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

const documentSlot = verificationDocumentSchema.nullable();

export const verificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  person_type: z.enum(PERSON_TYPES).nullable(),
  documents: z.object({ id: documentSlot, address: documentSlot, tax_status: documentSlot }),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /**
   * Why staff rejected it: shown while failed and while the merchant replaces documents, until
   * the next submission.
   */
  failure_reason: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** `POST verification/submit`. */
export const verificationSubmitSchema = z.object({ person_type: personTypeSchema });
export type VerificationSubmit = z.infer<typeof verificationSubmitSchema>;

/** `POST staff/verifications/{organizationId}/reject`: the merchant reads the reason. */
export const verificationRejectSchema = z.object({
  reason: requiredText(VERIFICATION_RULES.reasonMaxLength),
});
export type VerificationReject = z.infer<typeof verificationRejectSchema>;

export const staffOrganizationParamsSchema = z.object({
  organizationId: z.uuid({ error: 'invalid' }),
});
export const staffVerificationDocumentParamsSchema = staffOrganizationParamsSchema.extend({
  kind: verificationDocumentKindSchema,
});

/** `GET staff/verifications`: the review queue, oldest submission first. */
export const staffVerificationsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES, { error: 'one_of' }).default('in_process'),
});
export type StaffVerificationsQuery = z.infer<typeof staffVerificationsQuerySchema>;

export const staffVerificationSummarySchema = z.object({
  organization_id: z.uuid(),
  organization_name: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  person_type: z.enum(PERSON_TYPES).nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type StaffVerificationSummary = z.infer<typeof staffVerificationSummarySchema>;

export const staffVerificationSchema = verificationSchema.extend({
  organization_id: z.uuid(),
  organization_name: z.string(),
});
export type StaffVerification = z.infer<typeof staffVerificationSchema>;

/**
 * What is wrong with a file the merchant picked, before uploading it: the browser's word on its
 * type and its name's extension must both say PDF, JPEG or PNG, and it must fit in 1 MB. The
 * server checks the content itself; this only saves a pointless upload.
 */
export function verificationFileProblem(file: {
  name: string;
  size: number;
  type: string;
}): 'FILE_TOO_LARGE' | 'FILE_TYPE_NOT_ALLOWED' | 'FILE_REQUIRED' | null {
  const name = file.name.toLowerCase();
  const mimeTypes: readonly string[] = Object.values(VERIFICATION_RULES.mimeTypes);
  const typeOk = file.type === '' || mimeTypes.includes(file.type);
  const extensionOk = VERIFICATION_RULES.extensions.some((extension) => name.endsWith(extension));
  if (!typeOk || !extensionOk) return 'FILE_TYPE_NOT_ALLOWED';
  if (file.size === 0) return 'FILE_REQUIRED';
  if (file.size > VERIFICATION_RULES.maxFileBytes) return 'FILE_TOO_LARGE';
  return null;
}
