import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { dispositionOf } from './download';
import { AppError, notFound } from './errors';
import { LocalFileStorage, type FileStorage } from './file-storage';
import { files } from './files.tables';

export type FileKind = 'png' | 'jpeg' | 'webp' | 'pdf' | 'xml' | 'csv' | 'json';
export type StoredFile = typeof files.$inferSelect;

export const MAX_UPLOAD_BYTES = 1024 * 1024;

const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xml: 'application/xml',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
};

const LABEL: Record<FileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  pdf: 'PDF',
  xml: 'XML',
  csv: 'CSV',
  json: 'JSON',
};

/** The type a file really is, from its first bytes; the name and the browser's word don't count. */
export function sniffKind(head: Buffer): FileKind | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  // An XML document (a CFDI): its declaration, after an optional UTF-8 byte order mark.
  const bom = starts([0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (starts([0x3c, 0x3f, 0x78, 0x6d, 0x6c], bom)) return 'xml';
  return null;
}

/** What `receiveForm` read: the text fields, and the stored file or why there is none. */
export interface ReceivedForm {
  fields: Record<string, string>;
  file: StoredFile | null;
  /** FILE_REQUIRED, FILE_TOO_LARGE or FILE_TYPE_NOT_ALLOWED when `file` is null. */
  fileError: AppError | null;
}

export interface ReceiveOptions {
  organizationId: string;
  purpose: string;
  allowed: FileKind[];
  /** The multipart field the file must travel in: a file under any other name is refused. */
  field: string;
  maxBytes?: number;
  uploadedBy?: string;
  /** Looks inside a file of an allowed kind and throws an AppError to refuse it. */
  check?: (kind: FileKind, content: Buffer) => void;
}

/** Kinds a browser may show in place; anything else (XML above all) is only ever saved. */
const INLINE: readonly FileKind[] = ['png', 'jpeg', 'webp', 'pdf'];

const PARTIAL = '.part';

const limitParams = (maxBytes: number) => {
  const mb = maxBytes / (1024 * 1024);
  return { max: Number.isInteger(mb) ? `${mb} MB` : `${Math.round(maxBytes / 1024)} KB` };
};

const isFileTooLarge = (error: unknown) =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A read that failed because the connection went away (the client left, or was timed out and
 * already answered 408) is no server error: nobody is waiting for this answer, so it is not
 * logged as one.
 */
function cutShort(request: FastifyRequest, error: unknown): unknown {
  return request.raw.destroyed && !(error instanceof AppError)
    ? new AppError('REQUEST_TIMEOUT')
    : error;
}

/**
 * The request's one file, which must travel in `field`: FILE_REQUIRED without one, and
 * FILE_FIELD_UNEXPECTED (after draining it) when it comes under another name.
 */
async function fileIn(request: FastifyRequest, field: string, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  const upload = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!upload) throw new AppError('FILE_REQUIRED');
  if (upload.fieldname !== field) {
    upload.file.resume();
    throw new AppError('FILE_FIELD_UNEXPECTED', { field });
  }
  return upload;
}

/**
 * The request's one file, from `field`, in memory (for content read at once, never stored): a
 * file over `maxBytes` is FILE_TOO_LARGE, never a truncated copy.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<Buffer> {
  return (await readNamedUpload(request, options)).content;
}

/** As `readUpload`, with the name the device gave the file (a CSV import shows it). */
export async function readNamedUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<{ content: Buffer; fileName: string }> {
  const upload = await fileIn(request, options.field, options.maxBytes);
  let content: Buffer;
  try {
    content = await upload.toBuffer();
  } catch (error) {
    if (isFileTooLarge(error)) throw new AppError('FILE_TOO_LARGE', limitParams(options.maxBytes));
    throw cutShort(request, error);
  }
  // The plugin can end the stream at the limit without an error: its flag is what counts.
  if (upload.file.truncated || content.length > options.maxBytes) {
    throw new AppError('FILE_TOO_LARGE', limitParams(options.maxBytes));
  }
  if (content.length === 0) throw new AppError('FILE_REQUIRED');
  return { content, fileName: upload.filename };
}

/** Every `.part` file under `dir`, however deep. */
async function partialsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found = await Promise.all(
    entries.map((entry) => {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) return partialsUnder(at);
      return entry.name.endsWith(PARTIAL) ? [at] : [];
    }),
  );
  return found.flat();
}

/** Keeps the first bytes that pass through, for sniffing once the upload is complete. */
function headCollector(size = 16) {
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < size) head = Buffer.concat([head, chunk]).subarray(0, size);
      done(null, chunk);
    },
  });
  return { stream, head: () => head };
}

/** Where a file's bytes are kept in the storage: one folder (prefix) per organization. */
const keyOf = (file: Pick<StoredFile, 'organizationId' | 'id'>) =>
  `${file.organizationId}/${file.id}`;

/**
 * Uploads (multipart, one file) stored under generated names, one folder per organization, with
 * a row per file. Limits are enforced while streaming to a partial copy under `root` on local
 * disk, the type is checked from the content, and only a file that passed every check reaches
 * the storage (the same disk by default, a bucket when configured); a refused upload leaves
 * nothing behind.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly root: string,
    private readonly clock: Clock,
    private readonly storage: FileStorage = new LocalFileStorage(root),
  ) {}

  /** Reads the request's file, checks it and stores it; the caller links the returned row. */
  async receive(request: FastifyRequest, options: ReceiveOptions, db: DbOrTx = this.db) {
    const upload = await fileIn(request, options.field, this.maxBytes(options));
    try {
      return await this.store(upload, options, db);
    } catch (error) {
      throw cutShort(request, error);
    }
  }

  /**
   * A multipart form: its text fields and at most one file, under `options.field`, in any
   * order. The whole form is read even when the file is refused, so the caller can report the
   * file's problem (an AppError, e.g. FILE_TOO_LARGE) beside the fields' own; a refused file
   * leaves nothing behind. A file under another name is drained and reported as
   * FILE_FIELD_UNEXPECTED.
   */
  async receiveForm(
    request: FastifyRequest,
    options: ReceiveOptions,
    db: DbOrTx = this.db,
  ): Promise<ReceivedForm> {
    if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
    const fields: Record<string, string> = {};
    let file: StoredFile | null = null;
    let fileError: AppError | null = null;
    try {
      // Truncation is checked in `store`, so the parts after an oversized file are still read
      // (the option exists at runtime, though the plugin's types leave it out of `parts`).
      const partsOptions = {
        limits: { fileSize: this.maxBytes(options), files: 1 },
        throwFileSizeLimit: false,
      };
      const parts = request.parts(partsOptions);
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== options.field || file || fileError) {
          part.file.resume();
          if (part.fieldname !== options.field && !file) {
            fileError ??= new AppError('FILE_FIELD_UNEXPECTED', { field: options.field });
          }
          continue;
        }
        try {
          file = await this.store(part, options, db);
        } catch (error) {
          // The file's own problems are reported beside the fields'; a storage outage is not.
          if (!(error instanceof AppError) || error.code === 'FILE_STORAGE_UNAVAILABLE')
            throw error;
          fileError = error;
        }
      }
    } catch (error) {
      if (file) await this.remove(file, db);
      throw cutShort(request, error);
    }
    return { fields, file, fileError: file ? null : (fileError ?? new AppError('FILE_REQUIRED')) };
  }

  private maxBytes(options: ReceiveOptions) {
    return options.maxBytes ?? MAX_UPLOAD_BYTES;
  }

  /**
   * Streams one uploaded file to a partial copy on disk, checks its size and type, hands it to
   * the storage and records it.
   */
  private async store(upload: MultipartFile, options: ReceiveOptions, db: DbOrTx) {
    const maxBytes = this.maxBytes(options);
    const id = randomUUID();
    const key = keyOf({ organizationId: options.organizationId, id });
    const partial = path.join(this.root, `${key}${PARTIAL}`);
    await mkdir(path.dirname(partial), { recursive: true });
    const head = headCollector();
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      // A client that goes away (or is timed out) mid-body destroys the file stream: the
      // pipeline then fails, closing the partial file, which is removed below.
      await pipeline(upload.file, head.stream, counter, createWriteStream(partial));
      if (upload.file.truncated) throw new AppError('FILE_TOO_LARGE', limitParams(maxBytes));
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof AppError) throw error;
      if (isFileTooLarge(error)) throw new AppError('FILE_TOO_LARGE', limitParams(maxBytes));
      throw error;
    }

    // An empty file is no file at all, whatever its name says.
    if (size === 0) {
      await rm(partial, { force: true });
      throw new AppError('FILE_REQUIRED');
    }
    const kind = sniffKind(head.head());
    if (!kind || !options.allowed.includes(kind)) {
      await rm(partial, { force: true });
      throw new AppError('FILE_TYPE_NOT_ALLOWED', {
        allowed: options.allowed.map((allowed) => LABEL[allowed]).join(', '),
      });
    }
    if (options.check) {
      try {
        options.check(kind, await readFile(partial));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    }
    await this.storage.adopt(key, partial, size);
    const [row] = await db
      .insert(files)
      .values({
        organizationId: options.organizationId,
        id,
        purpose: options.purpose,
        kind,
        size,
        originalName: path.basename(upload.filename || 'archivo').slice(0, 200),
        uploadedBy: options.uploadedBy ?? null,
        createdAt: this.clock.now(),
      })
      .returning();
    return row!;
  }

  /**
   * Stores bytes the server produced itself (a re-encoded image), already checked: written under
   * a generated name, then recorded. The caller gives its real kind.
   */
  async storeBytes(
    content: Buffer,
    options: {
      organizationId: string;
      purpose: string;
      kind: FileKind;
      name: string;
      uploadedBy?: string;
    },
    db: DbOrTx = this.db,
  ): Promise<StoredFile> {
    const id = randomUUID();
    await this.storage.write(keyOf({ organizationId: options.organizationId, id }), content);
    const [row] = await db
      .insert(files)
      .values({
        organizationId: options.organizationId,
        id,
        purpose: options.purpose,
        kind: options.kind,
        size: content.length,
        originalName: options.name.slice(0, 200),
        uploadedBy: options.uploadedBy ?? null,
        createdAt: this.clock.now(),
      })
      .returning();
    return row!;
  }

  /** The file of the organization, or NOT_FOUND: a foreign id looks like a missing one. */
  async find(organizationId: string, id: string, db: DbOrTx = this.db): Promise<StoredFile> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.organizationId, organizationId), eq(files.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The organization's files among `ids` with this purpose; foreign or other files are absent. */
  async findMany(
    organizationId: string,
    ids: readonly string[],
    purpose: string,
    db: DbOrTx = this.db,
  ): Promise<StoredFile[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(files)
      .where(
        and(
          eq(files.organizationId, organizationId),
          eq(files.purpose, purpose),
          inArray(files.id, [...ids]),
        ),
      );
  }

  /**
   * Answers the file's bytes with its real type; `download` asks the browser to save it, and so
   * does every kind a browser would run as a document (XML). A user's file never runs as our
   * page: the type is never sniffed, and what is not a PDF shown in place gets a sandbox with
   * no scripts or requests (Chromium's viewer refuses to show a PDF in a sandbox). A row whose
   * bytes are gone from the storage (a restored database, a wiped folder) is a 404, not a failed
   * stream after the headers went out.
   */
  async send(reply: FastifyReply, file: StoredFile, options: { download?: boolean } = {}) {
    const bytes = await this.storage.open(keyOf(file));
    if (!bytes) throw notFound();
    const inline = !options.download && INLINE.includes(file.kind);
    if (!(inline && file.kind === 'pdf')) {
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
    }
    return reply
      .header('content-type', MIME[file.kind])
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', dispositionOf(file.originalName, { inline }))
      .send(bytes);
  }

  /**
   * Removes partial uploads (`.part`) left under the local root by a process that died mid-upload
   * and not written to for `idleMs`: an upload that is still alive writes more often than that,
   * or is timed out and cleans up after itself. Answers how many it removed.
   */
  async sweepPartials(idleMs: number): Promise<number> {
    // File times are the real clock's, whatever clock the app runs on.
    const before = Date.now() - idleMs;
    let removed = 0;
    for (const partial of await partialsUnder(this.root)) {
      const info = await stat(partial).catch(() => null);
      if (!info || info.mtimeMs > before) continue;
      await rm(partial, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** A stored file's bytes (a CSV import's job reads its file again). */
  read(file: StoredFile): Promise<Buffer> {
    return this.storage.read(keyOf(file));
  }

  /** Forgets a file: its row now, its bytes right after. */
  async remove(file: StoredFile, db: DbOrTx = this.db) {
    await db
      .delete(files)
      .where(and(eq(files.organizationId, file.organizationId), eq(files.id, file.id)));
    await this.storage.remove(keyOf(file));
  }
}
