import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { ProviderCalls } from './provider-calls';
import { S3FileStorage } from './s3-file-storage';

/**
 * Where a stored file's bytes live, by key (`<organization>/<file>`). `FileStore` checks every
 * upload (size, type, content, organization) on a staged copy under its local root before
 * handing it over, so a storage only keeps, answers and forgets bytes already accepted.
 */
export interface FileStorage {
  /** Takes a checked file staged on local disk as `key`; the staged copy is gone after. */
  adopt(key: string, staged: string, size: number): Promise<void>;
  /** Keeps bytes the server produced itself as `key`. */
  write(key: string, content: Buffer): Promise<void>;
  /** The bytes of `key` as a stream, or null when there are none. */
  open(key: string): Promise<Readable | null>;
  /** The bytes of `key` in memory (a job reading its CSV again). */
  read(key: string): Promise<Buffer>;
  /** Forgets `key`; forgetting what is not there is no error. */
  remove(key: string): Promise<void>;
}

/** The default: files under a folder of this machine's disk (`DATA_DIR/files`). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, key);
  }

  async adopt(key: string, staged: string): Promise<void> {
    await rename(staged, this.pathOf(key));
  }

  async write(key: string, content: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    await writeFile(`${target}.part`, content);
    await rename(`${target}.part`, target);
  }

  async open(key: string): Promise<Readable | null> {
    const found = await stat(this.pathOf(key)).catch(() => null);
    return found?.isFile() ? createReadStream(this.pathOf(key)) : null;
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The storage `FILES_STORAGE` chooses; `root` is the local folder (and S3's staging area). */
export function fileStorageFor(
  config: Config,
  root: string,
  providerCalls: ProviderCalls,
): FileStorage {
  if (config.FILES_STORAGE === 'local') return new LocalFileStorage(root);
  return new S3FileStorage(
    {
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    },
    providerCalls,
  );
}
