import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/config';

/**
 * Where a test keeps uploaded files: a data folder of its own, the configuration that sends the
 * files' bytes to the storage under test, and a look at what that storage holds.
 */
export interface StorageUnderTest {
  /** The test's DATA_DIR: the local files (or S3's staged uploads) go under `files/`. */
  dataDir: string;
  /** The storage's variables, for a test app's configuration (none for local disk). */
  config: Partial<Config>;
  /**
   * Everything kept for one organization, finished or partial: the storage's keys
   * (`<organization>/<file>`) and, for S3, any file left in its local staging folder (as
   * `staged:<organization>/<name>`, so a file kept on disk instead is no S3 key).
   */
  held(organizationId: string): Promise<string[]>;
  /** Deletes a file's bytes behind the app's back (a wiped folder, a lost object). */
  drop(key: string): Promise<void>;
  stop(): Promise<void>;
}

/** The files under an organization's local folder (none before its first upload). */
function staged(dataDir: string, organizationId: string): string[] {
  const folder = path.join(dataDir, 'files', organizationId);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${organizationId}/${entry.name}`);
}

async function onLocalDisk(): Promise<StorageUnderTest> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-files-local-'));
  return {
    dataDir,
    config: {},
    held: async (organizationId) => staged(dataDir, organizationId),
    drop: async (key) => rmSync(path.join(dataDir, 'files', key)),
    stop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export const TEST_BUCKET = 'despacho-files';

/**
 * An S3-compatible server (s3rver) on a free port with one empty bucket, its objects in a
 * temporary folder. It takes any signature (`allowMismatchedSignatures`) so that the test's
 * secret key can be one of its own, looked for in the logs.
 */
async function onS3(): Promise<StorageUnderTest> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-files-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: path.join(dataDir, 's3rver'),
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const config = {
    FILES_STORAGE: 's3',
    S3_BUCKET: TEST_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: true,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: `secreto-de-prueba-${randomBytes(12).toString('hex')}`,
  } satisfies Partial<Config>;
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    dataDir,
    config,
    held: async (organizationId) => {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: `${organizationId}/` }),
      );
      const keys = (listed.Contents ?? []).map((object) => object.Key!);
      return [...keys, ...staged(dataDir, organizationId).map((name) => `staged:${name}`)];
    },
    drop: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    },
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The storages every upload test runs on (`describe.each`): today's disk and S3. */
export const FILE_STORAGES = [
  { name: 'local disk', start: onLocalDisk },
  { name: 'S3 (s3rver)', start: onS3 },
];
