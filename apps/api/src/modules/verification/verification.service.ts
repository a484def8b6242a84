import {
  isVerificationEditable,
  VERIFICATION_DOCUMENT_KINDS,
  VERIFICATION_FILE_TYPES,
  VERIFICATION_RULES,
  type AuditAction,
  type AuditSnapshot,
  type PageMeta,
  type PersonType,
  type StaffVerification,
  type StaffVerificationsQuery,
  type StaffVerificationSummary,
  type Verification,
  type VerificationDocument,
  type VerificationDocumentKind,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore, ReceiveOptions, StoredFile } from '../../platform/files';
import type { NotificationsService, NotifyInput } from '../notifications';
import * as repository from './verification.repository';
import type { DocumentRow, VerificationRow } from './verification.repository';

/** Where the merchant reads and fixes their verification; notifications link to it. */
export const VERIFICATION_SCREEN_LINK = '/app/settings/verification';

const APPROVED_NOTIFICATION = {
  kind: 'NOTIFICATION',
  content: { code: 'verification_approved', params: {} },
  link: VERIFICATION_SCREEN_LINK,
} as const satisfies NotifyInput;

function rejectedNotification(reason: string): NotifyInput {
  return {
    kind: 'WARNING',
    content: { code: 'verification_rejected', params: { reason } },
    link: VERIFICATION_SCREEN_LINK,
  };
}

/** Staff review what the merchant submitted: the fields they see, without the organization name. */
export type VerificationForStaff = Omit<StaffVerification, 'organization_name'>;
export type VerificationSummaryForStaff = Omit<StaffVerificationSummary, 'organization_name'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function presentDocument(row: DocumentRow): VerificationDocument {
  return {
    kind: row.kind,
    file_name: row.fileName,
    // Only these types are ever accepted for verification documents.
    file_type: row.fileType as VerificationDocument['file_type'],
    size: row.size,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

function present(row: VerificationRow | undefined, documents: DocumentRow[]): Verification {
  const byKind = new Map(documents.map((document) => [document.kind, document]));
  const slot = (kind: VerificationDocumentKind) => {
    const document = byKind.get(kind);
    return document ? presentDocument(document) : null;
  };
  return {
    status: row?.status ?? 'not_started',
    person_type: row?.personType ?? null,
    documents: { id: slot('id'), address: slot('address'), tax_status: slot('tax_status') },
    submitted_at: iso(row?.submittedAt ?? null),
    reviewed_at: iso(row?.reviewedAt ?? null),
    failure_reason: row?.failureReason ?? null,
  };
}

/** What the audit log keeps of a verification before and after a staff action. */
function snapshot(row: VerificationRow, documents: DocumentRow[]): AuditSnapshot {
  return {
    status: row.status,
    person_type: row.personType,
    failure_reason: row.failureReason,
    submitted_at: iso(row.submittedAt),
    reviewed_at: iso(row.reviewedAt),
    documents: Object.fromEntries(documents.map((document) => [document.kind, document.fileId])),
  };
}

function refuseUnlessEditable(row: VerificationRow | undefined) {
  if (!row || isVerificationEditable(row.status)) return;
  throw new AppError(
    row.status === 'verified' ? 'VERIFICATION_COMPLETED' : 'VERIFICATION_IN_REVIEW',
  );
}

/** How `FileStore.receive` takes a verification document of `kind`: PDF, JPEG or PNG ≤ 1 MB. */
export function documentUpload(
  organizationId: string,
  userId: string,
  kind: VerificationDocumentKind,
): ReceiveOptions {
  return {
    organizationId,
    purpose: `verification.${kind}`,
    allowed: [...VERIFICATION_FILE_TYPES],
    field: VERIFICATION_RULES.field,
    maxBytes: VERIFICATION_RULES.maxFileBytes,
    uploadedBy: userId,
  };
}

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  notifications: NotificationsService;
  audit: AuditLog;
}

/** Account verification: the merchant's documents and the staff review of them. */
export class VerificationService {
  constructor(private readonly deps: VerificationDeps) {}

  async current(organizationId: string, db: DbOrTx = this.deps.db): Promise<Verification> {
    const [row, documents] = await Promise.all([
      repository.findVerification(db, organizationId),
      repository.documentsOf(db, organizationId),
    ]);
    return present(row, documents);
  }

  /** Refuses (as `upload` would) when the documents may not change: checked before reading one. */
  async checkEditable(organizationId: string): Promise<void> {
    refuseUnlessEditable(await repository.findVerification(this.deps.db, organizationId));
  }

  /**
   * Keeps the uploaded file (stored by `FileStore.receive` with `documentUpload`) as the
   * document of `kind`, replacing the previous one; the file is removed when refused. Replacing
   * a document of a rejected verification takes it back to not started, ready to resubmit.
   */
  async upload(
    file: StoredFile,
    organizationId: string,
    userId: string,
    kind: VerificationDocumentKind,
  ): Promise<Verification> {
    let replaced: string | null;
    try {
      replaced = await this.deps.db.transaction(async (tx) => {
        const now = this.deps.clock.now();
        const row = await repository.lockOrCreateVerification(tx, organizationId, now);
        refuseUnlessEditable(row);
        const previous = await repository.replaceDocument(tx, organizationId, {
          kind,
          fileId: file.id,
          uploadedBy: userId,
          uploadedAt: now,
        });
        await repository.updateVerification(tx, organizationId, {
          status: 'not_started',
          updatedAt: now,
        });
        return previous;
      });
    } catch (error) {
      await this.deps.files.remove(file);
      throw error;
    }
    if (replaced) await this.removeFile(organizationId, replaced);
    return this.current(organizationId);
  }

  /** Sends the verification to review: the person type and all three documents are needed. */
  submit(organizationId: string, userId: string, personType: PersonType): Promise<Verification> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const row = await repository.lockOrCreateVerification(tx, organizationId, now);
      refuseUnlessEditable(row);
      const documents = await repository.documentsOf(tx, organizationId);
      const present = new Set(documents.map((document) => document.kind));
      const missing = VERIFICATION_DOCUMENT_KINDS.filter((kind) => !present.has(kind));
      if (missing.length > 0) throw new AppError('VERIFICATION_INCOMPLETE', { missing });
      await repository.updateVerification(tx, organizationId, {
        status: 'in_process',
        personType,
        submittedAt: now,
        submittedBy: userId,
        reviewedAt: null,
        reviewedBy: null,
        failureReason: null,
        updatedAt: now,
      });
      return this.current(organizationId, tx);
    });
  }

  /** The stored file of one of the organization's documents; NOT_FOUND when not uploaded. */
  async document(organizationId: string, kind: VerificationDocumentKind): Promise<StoredFile> {
    const documents = await repository.documentsOf(this.deps.db, organizationId);
    const document = documents.find((candidate) => candidate.kind === kind);
    if (!document) throw notFound();
    return this.deps.files.find(organizationId, document.fileId);
  }

  // Staff review

  async listForStaff(
    query: StaffVerificationsQuery,
  ): Promise<{ data: VerificationSummaryForStaff[]; meta: PageMeta }> {
    const { rows, total } = await repository.listByStatus(this.deps.db, query);
    return {
      data: rows.map((row) => ({
        organization_id: row.organizationId,
        status: row.status,
        person_type: row.personType,
        submitted_at: iso(row.submittedAt),
        reviewed_at: iso(row.reviewedAt),
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** A submitted verification of any organization; NOT_FOUND when it was never submitted. */
  async forStaff(organizationId: string): Promise<VerificationForStaff> {
    const row = await repository.findVerification(this.deps.db, organizationId);
    if (!row?.submittedAt) throw notFound();
    return { organization_id: organizationId, ...(await this.current(organizationId)) };
  }

  async documentForStaff(
    organizationId: string,
    kind: VerificationDocumentKind,
  ): Promise<StoredFile> {
    await this.forStaff(organizationId);
    return this.document(organizationId, kind);
  }

  approve(organizationId: string, staffUserId: string): Promise<VerificationForStaff> {
    return this.review(organizationId, staffUserId, 'verification.approve', {
      status: 'verified',
      failureReason: null,
    });
  }

  reject(organizationId: string, staffUserId: string, reason: string) {
    return this.review(organizationId, staffUserId, 'verification.reject', {
      status: 'failed',
      failureReason: reason,
    });
  }

  /**
   * Approves or rejects a verification under review; the organization is notified and the
   * action audited in the same transaction.
   */
  private review(
    organizationId: string,
    staffUserId: string,
    action: Extract<AuditAction, `verification.${string}`>,
    outcome: { status: 'verified' | 'failed'; failureReason: string | null },
  ): Promise<VerificationForStaff> {
    return this.deps.db.transaction(async (tx) => {
      const before = await repository.findVerification(tx, organizationId, true);
      if (!before?.submittedAt) throw notFound();
      if (before.status !== 'in_process') throw new AppError('VERIFICATION_NOT_IN_REVIEW');
      const now = this.deps.clock.now();
      const after = await repository.updateVerification(tx, organizationId, {
        ...outcome,
        reviewedAt: now,
        reviewedBy: staffUserId,
        updatedAt: now,
      });
      const documents = await repository.documentsOf(tx, organizationId);
      await this.deps.notifications.notify(
        organizationId,
        outcome.status === 'verified'
          ? APPROVED_NOTIFICATION
          : rejectedNotification(outcome.failureReason ?? ''),
        tx,
      );
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action,
        subjectType: 'verification',
        subjectId: organizationId,
        organizationId,
        before: snapshot(before, documents),
        after: snapshot(after, documents),
      });
      return { organization_id: organizationId, ...present(after, documents) };
    });
  }

  private async removeFile(organizationId: string, fileId: string) {
    const file = await this.deps.files.find(organizationId, fileId).catch(() => null);
    if (file) await this.deps.files.remove(file);
  }
}
