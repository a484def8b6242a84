import {
  EMBARQUE_RULES,
  embarqueDocumentFormSchema,
  embarqueReference,
  errorMessage,
  localizeIssues,
  MERCHANT_DOCUMENT_KINDS,
  type DocumentKind,
  type EmbarqueDocument,
  type Language,
} from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore, ReceivedForm, ReceiveOptions, StoredFile } from '../../platform/files';
import { contentTypeOf } from './embarques.present';
import * as repository from './embarques.repository';
import type { EmbarqueRow } from './embarques.repository';
import {
  assertOpen,
  DOCUMENT_PURPOSE,
  type Actor,
  type EmbarqueWorkflow,
} from './embarques.workflow';

type Uploader = Exclude<Actor, { kind: 'system' }>;

/** How `FileStore.receiveForm` takes a document's form: PDF, JPEG or PNG up to 1 MB. */
export const documentUpload = (organizationId: string, userId: string): ReceiveOptions => ({
  organizationId,
  purpose: DOCUMENT_PURPOSE,
  allowed: ['pdf', 'jpeg', 'png'],
  maxBytes: EMBARQUE_RULES.documentMaxBytes,
  uploadedBy: userId,
  field: EMBARQUE_RULES.documentField,
});

/**
 * The kind the form names, checked like the web's form checks it, and the file's own problem
 * under `file`: VALIDATION_FAILED when the kind is wrong, else the file's error. A merchant may
 * only give the supplier's papers (EMBARQUE_DOCUMENT_KIND_NOT_ALLOWED).
 */
function kindOf(form: ReceivedForm, uploader: Uploader['kind'], language: Language): DocumentKind {
  const parsed = embarqueDocumentFormSchema.safeParse(form.fields);
  const problems = parsed.success ? {} : localizeIssues(parsed.error.issues, language);
  const { fileError } = form;
  if (fileError) {
    problems[EMBARQUE_RULES.documentField] = errorMessage(
      fileError.code,
      language,
      fileError.params,
    );
  }
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, problems);
  if (fileError) throw new AppError(fileError.code, fileError.params, problems);
  const { kind } = parsed.data;
  if (uploader === 'merchant' && !(MERCHANT_DOCUMENT_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('EMBARQUE_DOCUMENT_KIND_NOT_ALLOWED', { kind });
  }
  return kind;
}

/**
 * Runs `attach` with the form's checked kind and stored file; the file is removed again when
 * anything refuses it, so a refused upload leaves nothing behind.
 */
export async function withUpload<T>(
  files: FileStore,
  form: ReceivedForm,
  uploader: Uploader,
  language: Language,
  attach: (kind: DocumentKind, file: StoredFile) => Promise<T>,
): Promise<T> {
  try {
    return await attach(kindOf(form, uploader.kind, language), form.file!);
  } catch (error) {
    if (form.file) await files.remove(form.file).catch(() => undefined);
    throw error;
  }
}

/**
 * Adds a stored file to the locked embarque: refused once it is finished (EMBARQUE_FINISHED)
 * or holds EMBARQUE_RULES.documentsMax. An event of the timeline; a staff upload is audited and
 * tells the merchant.
 */
export async function addDocument(
  workflow: EmbarqueWorkflow,
  tx: DbOrTx,
  row: EmbarqueRow,
  uploader: Uploader,
  kind: DocumentKind,
  file: StoredFile,
): Promise<EmbarqueDocument> {
  assertOpen(row);
  const max = EMBARQUE_RULES.documentsMax;
  if ((await repository.countDocuments(tx, row)) >= max) {
    throw new AppError('EMBARQUE_DOCUMENTS_LIMIT', { max });
  }
  const document = await repository.insertDocument(tx, {
    organizationId: row.organizationId,
    embarqueId: row.id,
    kind,
    fileId: file.id,
    uploaderKind: uploader.kind,
    uploadedBy: uploader.userId,
    createdAt: workflow.deps.clock.now(),
  });
  const params = { kind, name: file.originalName };
  await workflow.record(tx, row, uploader, 'document_added', params);
  await workflow.refresh(tx, row);
  if (uploader.kind === 'staff') {
    await workflow.audit(tx, uploader, row, null, { document_id: document.id, ...params });
    await workflow.notify(tx, row, {
      code: 'embarque_document',
      params: { reference: embarqueReference(row.number), name: file.originalName },
    });
  }
  return {
    id: document.id,
    kind,
    name: file.originalName,
    content_type: contentTypeOf(file),
    size: file.size,
    uploaded_by: uploader.kind,
    created_at: document.createdAt.toISOString(),
  };
}

/** The stored file of one of the embarque's documents (404 for any other id). */
export async function documentFile(
  workflow: EmbarqueWorkflow,
  row: EmbarqueRow | undefined,
  documentId: string,
): Promise<StoredFile> {
  if (!row) throw notFound();
  const document = await repository.findDocument(workflow.deps.db, row, documentId);
  if (!document) throw notFound();
  return workflow.deps.files.find(row.organizationId, document.fileId);
}
