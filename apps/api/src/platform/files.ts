import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { AppError } from './errors';
import { files } from './files.tables';

export type FileKind = 'png' | 'jpeg' | 'webp' | 'pdf' | 'xml';
export type StoredFile = typeof files.$inferSelect;

export const MAX_UPLOAD_BYTES = 1024 * 1024;

const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

const LABEL: Record<FileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  pdf: 'PDF',
  xml: 'XML',
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
  maxBytes?: number;
  uploadedBy?: string;
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

/**
 * Uploads (multipart, one file) stored on local disk under generated names, one folder per
 * organization, with a row per file. Limits are enforced while streaming, the type is checked
 * from the content, and a refused upload leaves nothing behind.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly root: string,
    private readonly clock: Clock,
  ) {}

  private pathOf(file: Pick<StoredFile, 'organizationId' | 'id'>) {
    return path.join(this.root, file.organizationId, file.id);
  }

  /** Reads the request's file, checks it and stores it; the caller links the returned row. */
  async receive(request: FastifyRequest, options: ReceiveOptions, db: DbOrTx = this.db) {
    if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
    const upload = await request.file({ limits: { fileSize: this.maxBytes(options), files: 1 } });
    if (!upload) throw new AppError('FILE_REQUIRED');
    return this.store(upload, options, db);
  }

  /**
   * A multipart form: its text fields and at most one file, under `options.field`, in any
   * order. The whole form is read even when the file is refused, so the caller can report the
   * file's problem (an AppError, e.g. FILE_TOO_LARGE) beside the fields' own; a refused file
   * leaves nothing behind. Files under other names are read and dropped.
   */
  async receiveForm(
    request: FastifyRequest,
    options: ReceiveOptions & { field: string },
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
          continue;
        }
        try {
          file = await this.store(part, options, db);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          fileError = error;
        }
      }
    } catch (error) {
      if (file) await this.remove(file, db);
      throw error;
    }
    return { fields, file, fileError: file ? null : (fileError ?? new AppError('FILE_REQUIRED')) };
  }

  private maxBytes(options: ReceiveOptions) {
    return options.maxBytes ?? MAX_UPLOAD_BYTES;
  }

  /** Streams one uploaded file to disk, checks its size and type, and records it. */
  private async store(upload: MultipartFile, options: ReceiveOptions, db: DbOrTx) {
    const maxBytes = this.maxBytes(options);
    const mb = maxBytes / (1024 * 1024);
    const limitParams = {
      max: Number.isInteger(mb) ? `${mb} MB` : `${Math.round(maxBytes / 1024)} KB`,
    };
    const id = randomUUID();
    const target = this.pathOf({ organizationId: options.organizationId, id });
    const partial = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    const head = headCollector();
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(upload.file, head.stream, counter, createWriteStream(partial));
      if (upload.file.truncated) throw new AppError('FILE_TOO_LARGE', limitParams);
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('FILE_TOO_LARGE', limitParams);
      }
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
    await rename(partial, target);
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

  /** The file of the organization, or NOT_FOUND: a foreign id looks like a missing one. */
  async find(organizationId: string, id: string, db: DbOrTx = this.db): Promise<StoredFile> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.organizationId, organizationId), eq(files.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Answers the file's bytes with its real type; `download` asks the browser to save it. */
  send(reply: FastifyReply, file: StoredFile, options: { download?: boolean } = {}) {
    const name = encodeURIComponent(file.originalName);
    return reply
      .header('content-type', MIME[file.kind])
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .header(
        'content-disposition',
        `${options.download ? 'attachment' : 'inline'}; filename*=UTF-8''${name}`,
      )
      .send(createReadStream(this.pathOf(file)));
  }

  /** Forgets a file: its row now, its bytes right after. */
  async remove(file: StoredFile, db: DbOrTx = this.db) {
    await db
      .delete(files)
      .where(and(eq(files.organizationId, file.organizationId), eq(files.id, file.id)));
    await rm(this.pathOf(file), { force: true });
  }
}
