import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The key that encrypts credentials at rest (online stores' tokens, carrier accounts, webhook
 * signing secrets…): STORES_ENCRYPTION_KEY (named for its first use), or — outside production —
 * generated once and kept under DATA_DIR (like the JWT secret), so what was sealed survives a
 * restart. Production refuses to start without it.
 */
export function credentialsEncryptionKey(
  config: Pick<Config, 'NODE_ENV' | 'DATA_DIR' | 'STORES_ENCRYPTION_KEY'>,
): Buffer {
  if (config.STORES_ENCRYPTION_KEY) return Buffer.from(config.STORES_ENCRYPTION_KEY, 'base64');
  if (config.NODE_ENV === 'production') {
    throw new Error('STORES_ENCRYPTION_KEY must be set in production (32 bytes in base64).');
  }
  const file = path.resolve(config.DATA_DIR, 'stores-encryption-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

const VERSION = 'v1';

/**
 * AES-256-GCM over a record's secrets (any JSON value). The record's id is the associated data:
 * a ciphertext copied onto another record's row does not decrypt there. One per app, built by
 * `buildPlatform`.
 */
export class CredentialsCipher {
  private loaded: Buffer | undefined;

  /**
   * The key is read on first use: a tool that builds the services but never seals anything
   * (`staff:create`) needs none; the app itself checks it at start (`stores.routes.ts`).
   */
  constructor(private readonly loadKey: () => Buffer) {}

  private get key(): Buffer {
    if (!this.loaded) {
      const key = this.loadKey();
      if (key.length !== 32) throw new Error('The credentials encryption key must be 32 bytes.');
      this.loaded = key;
    }
    return this.loaded;
  }

  seal(recordId: string, value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(recordId));
    const plain = Buffer.from(JSON.stringify(value));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed].map(encode).join('.');
  }

  open<T>(recordId: string, sealed: string): T {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data) throw new Error('Unknown credentials format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(recordId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as T;
  }
}

function encode(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
