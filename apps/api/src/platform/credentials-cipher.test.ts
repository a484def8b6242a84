import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CredentialsCipher, credentialsEncryptionKey } from './credentials-cipher';

describe('stores credentials at rest', () => {
  const cipher = new CredentialsCipher(() => randomBytes(32));
  const credentials = { accessToken: 'shpat_secreto', refreshToken: 'TG-secreto' };

  it('seals with AES-256-GCM: nothing readable, a different ciphertext each time, opened back whole', () => {
    const sealed = cipher.seal('store-1', credentials);
    expect(sealed).not.toContain('secreto');
    expect(cipher.seal('store-1', credentials)).not.toBe(sealed);
    expect(cipher.open('store-1', sealed)).toEqual(credentials);
  });

  it('refuses a ciphertext moved to another store or changed by one byte', () => {
    const sealed = cipher.seal('store-1', credentials);
    expect(() => cipher.open('store-2', sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      cipher.open('store-1', [version, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow();
  });

  describe('the key', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-stores-key-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('comes from STORES_ENCRYPTION_KEY', () => {
      const key = randomBytes(32);
      const config = { NODE_ENV: 'production' as const, DATA_DIR: dataDir };
      expect(
        credentialsEncryptionKey({ ...config, STORES_ENCRYPTION_KEY: key.toString('base64') }),
      ).toEqual(key);
    });

    it('is required in production', () => {
      expect(() => credentialsEncryptionKey({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
        /STORES_ENCRYPTION_KEY must be set in production/,
      );
    });

    it('is generated once outside production and kept in DATA_DIR, readable only by its owner', () => {
      const first = credentialsEncryptionKey({ NODE_ENV: 'development', DATA_DIR: dataDir });
      expect(first).toHaveLength(32);
      expect(credentialsEncryptionKey({ NODE_ENV: 'development', DATA_DIR: dataDir })).toEqual(
        first,
      );
      const mode = statSync(path.join(dataDir, 'stores-encryption-key')).mode & 0o777;
      expect(mode).toBe(0o600);
    });
  });
});
