import type { PaginationQuery, ReviewStatus, VerificationDocumentKind } from '@despacho/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { files } from '../../platform/files.tables';
import { verificationDocuments, verifications } from './verification.tables';

export type VerificationRow = typeof verifications.$inferSelect;
export type VerificationChanges = Partial<Omit<VerificationRow, 'organizationId'>>;

export interface DocumentRow {
  kind: VerificationDocumentKind;
  fileId: string;
  uploadedAt: Date;
  fileName: string;
  fileType: (typeof files.$inferSelect)['kind'];
  size: number;
}

/** With `lock`, holds the row until the transaction ends: for read-check-write steps. */
export async function findVerification(
  db: DbOrTx,
  organizationId: string,
  lock = false,
): Promise<VerificationRow | undefined> {
  const query = db
    .select()
    .from(verifications)
    .where(eq(verifications.organizationId, organizationId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The organization's verification, created when missing, locked for the transaction. */
export async function lockOrCreateVerification(
  tx: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<VerificationRow> {
  await tx.insert(verifications).values({ organizationId, updatedAt: now }).onConflictDoNothing();
  return (await findVerification(tx, organizationId, true))!;
}

export async function updateVerification(
  tx: DbOrTx,
  organizationId: string,
  changes: VerificationChanges,
): Promise<VerificationRow> {
  const [row] = await tx
    .update(verifications)
    .set(changes)
    .where(eq(verifications.organizationId, organizationId))
    .returning();
  return row!;
}

/** The current documents with their files' name, type and size. */
export function documentsOf(db: DbOrTx, organizationId: string): Promise<DocumentRow[]> {
  return db
    .select({
      kind: verificationDocuments.kind,
      fileId: verificationDocuments.fileId,
      uploadedAt: verificationDocuments.uploadedAt,
      fileName: files.originalName,
      fileType: files.kind,
      size: files.size,
    })
    .from(verificationDocuments)
    .innerJoin(
      files,
      and(
        eq(files.organizationId, verificationDocuments.organizationId),
        eq(files.id, verificationDocuments.fileId),
      ),
    )
    .where(eq(verificationDocuments.organizationId, organizationId));
}

/** Points the document kind at a new file; answers the file it replaced, if any. */
export async function replaceDocument(
  tx: DbOrTx,
  organizationId: string,
  document: {
    kind: VerificationDocumentKind;
    fileId: string;
    uploadedBy: string;
    uploadedAt: Date;
  },
): Promise<string | null> {
  const where = and(
    eq(verificationDocuments.organizationId, organizationId),
    eq(verificationDocuments.kind, document.kind),
  );
  const [previous] = await tx
    .select({ fileId: verificationDocuments.fileId })
    .from(verificationDocuments)
    .where(where);
  await tx
    .insert(verificationDocuments)
    .values({ organizationId, ...document })
    .onConflictDoUpdate({
      target: [verificationDocuments.organizationId, verificationDocuments.kind],
      set: {
        fileId: document.fileId,
        uploadedBy: document.uploadedBy,
        uploadedAt: document.uploadedAt,
      },
    });
  return previous?.fileId ?? null;
}

/**
 * Staff only: every organization's verifications in one status. Waiting ones oldest submission
 * first (a queue); reviewed ones latest review first.
 */
export async function listByStatus(
  db: DbOrTx,
  { page, pageSize, status }: PaginationQuery & { status: ReviewStatus },
) {
  const where = eq(verifications.status, status);
  const order =
    status === 'in_process'
      ? [asc(verifications.submittedAt), asc(verifications.organizationId)]
      : [desc(verifications.reviewedAt), asc(verifications.organizationId)];
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(verifications, where),
  ]);
  return { rows, total };
}
