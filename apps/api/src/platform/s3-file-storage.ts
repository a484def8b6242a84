import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError } from './errors';
import type { FileStorage } from './file-storage';
import { ProviderError, type ProviderCalls } from './provider-calls';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service's address (R2, MinIO); unset for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

const PROVIDER = 's3';
const QUIET = { debug() {}, info() {}, warn() {}, error() {} };
/** Each call is a GET, PUT or DELETE of one key: the same request again does no harm. */
const RETRIES = 2;

/**
 * The SDK's failure as ours: S3's own answer (an HTTP status) is `rejected` unless S3 says to
 * slow down or is failing itself; anything without one (refused connection, reset socket, abort)
 * is left to `ProviderCalls`, which makes it `unavailable` or `timeout`. The SDK's messages
 * name the bucket and key at most, never the credentials.
 */
function asProviderError(error: unknown): unknown {
  if (!(error instanceof S3ServiceException)) return error;
  const status = error.$metadata.httpStatusCode;
  const details = { status, providerCode: error.name };
  if (status === 429 || error.name === 'SlowDown') {
    return new ProviderError(PROVIDER, 'rate_limited', error.message, details);
  }
  if (status === undefined || status >= 500) {
    return new ProviderError(PROVIDER, 'unavailable', error.message, details);
  }
  return new ProviderError(PROVIDER, 'rejected', error.message, details);
}

/**
 * Files in one bucket of an S3-compatible store, so every API process serves the same ones.
 * Every request goes through `ProviderCalls` (timed on `/metrics`, retried with backoff, each
 * failure kept for staff) and the SDK's own retries are off so that it is the only one that
 * retries. A failure reaches the caller as FILE_STORAGE_UNAVAILABLE (503). See decision 038.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly calls: ProviderCalls,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      maxAttempts: 1,
      // Checksums only where S3 demands them: streamed bodies then go as plain requests with
      // their length, which every S3-compatible store understands (not all take aws-chunked).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Failures reach staff through ProviderCalls; the SDK's own notes (it writes them to the
      // console when given no logger) would only repeat them, outside the app's log.
      logger: QUIET,
    });
  }

  private async call<T>(operation: string, request: (signal: AbortSignal) => Promise<T>) {
    try {
      return await this.calls.run(
        { kind: 'files', provider: PROVIDER, operation },
        async (signal) => {
          try {
            return await request(signal);
          } catch (error) {
            throw asProviderError(error);
          }
        },
        { retries: RETRIES },
      );
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError('FILE_STORAGE_UNAVAILABLE');
      throw error;
    }
  }

  async adopt(key: string, staged: string, size: number): Promise<void> {
    try {
      await this.put(key, () => createReadStream(staged), size);
    } finally {
      await rm(staged, { force: true });
    }
  }

  write(key: string, content: Buffer): Promise<void> {
    return this.put(key, () => content, content.length);
  }

  /** `body` is called once per attempt: a stream read by a failed attempt cannot be sent again. */
  private async put(key: string, body: () => Readable | Buffer, size: number) {
    await this.call('put', (abortSignal) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: body(),
          ContentLength: size,
        }),
        { abortSignal },
      ),
    );
  }

  async open(key: string): Promise<Readable | null> {
    return this.call('get', async (abortSignal) => {
      try {
        const answer = await this.client.send(
          new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
          { abortSignal },
        );
        return answer.Body as Readable;
      } catch (error) {
        // A missing object is an answer about the file (a 404 for the caller), not a failure.
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        throw error;
      }
    });
  }

  async read(key: string): Promise<Buffer> {
    const stream = await this.open(key);
    if (!stream) throw new AppError('NOT_FOUND');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    await this.call('delete', (abortSignal) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }), {
        abortSignal,
      }),
    );
  }
}
