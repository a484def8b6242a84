import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STORAGES, type StorageUnderTest } from '../../test/file-storages';
import { multipart, sampleFiles } from '../../test/multipart';
import { clabeOf, speiTransfer, statementCsv } from '../../test/spei';
import { createTestApp } from '../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../test/users';

interface UploadEndpoint {
  method: 'POST' | 'PUT';
  url: string;
  field: string;
  as: 'merchant' | 'staff';
  file: () => Buffer | Promise<Buffer>;
  fields?: Record<string, string>;
}

/** Every endpoint that takes a file, with the one field it declares. */
const ENDPOINTS: UploadEndpoint[] = [
  {
    method: 'POST',
    url: '/organization/logo',
    field: 'file',
    as: 'merchant',
    file: () => sampleFiles.png(),
  },
  {
    method: 'PUT',
    url: '/verification/documents/id',
    field: 'file',
    as: 'merchant',
    file: () => sampleFiles.pdf(),
  },
  {
    method: 'POST',
    url: '/shipments/insurance-invoices',
    field: 'file',
    as: 'merchant',
    file: () => sampleFiles.pdf(),
  },
  {
    method: 'POST',
    url: '/deposits/spei',
    field: 'voucher',
    as: 'merchant',
    file: () => sampleFiles.pdf(),
    fields: {
      amount: '1500.00',
      origin_bank: '012',
      tracking_key: 'ABC123',
      reference_type: 'numeric',
      reference_number: '123456789012345',
    },
  },
  {
    method: 'POST',
    url: '/staff/bank-statements',
    field: 'file',
    as: 'staff',
    file: async () =>
      statementCsv([speiTransfer(ctx, { beneficiary_clabe: await clabeOf(ctx, users.merchant) })]),
  },
];

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let users: Record<UploadEndpoint['as'], TestUser>;

async function upload(endpoint: UploadEndpoint, field: string, language = 'es') {
  const body = multipart(
    { name: 'archivo', content: await endpoint.file(), field, type: 'application/octet-stream' },
    endpoint.fields,
  );
  return ctx.app.inject({
    method: endpoint.method,
    url: `/api/v1${endpoint.url}`,
    headers: users[endpoint.as].headers({
      ...body.headers,
      'x-language': language,
      'idempotency-key': randomUUID(),
    }),
    payload: body.payload,
  });
}

describe.each(FILE_STORAGES)('uploads on $name', ({ start }) => {
  let storage: StorageUnderTest;

  beforeAll(async () => {
    storage = await start();
    ctx = await createTestApp({ DATA_DIR: storage.dataDir, ...storage.config });
    users = {
      merchant: (await createTestMerchant(ctx)).user,
      staff: await createTestUser(ctx, { isStaff: true }),
    };
  });
  afterAll(async () => {
    await ctx.close();
    await storage.stop();
  });

  describe('upload endpoints', () => {
    it.each(ENDPOINTS)('$url refuses a valid file under another field name', async (endpoint) => {
      const response = await upload(endpoint, 'documento', 'en');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'FILE_FIELD_UNEXPECTED',
        message: `Send the file in the "${endpoint.field}" field.`,
      });
      const spanish = await upload(endpoint, 'documento');
      expect(spanish.json().error.message).toBe(
        `Envía el archivo en el campo «${endpoint.field}».`,
      );
    });

    it.each(ENDPOINTS)('$url takes the same file under its declared field', async (endpoint) => {
      const response = await upload(endpoint, endpoint.field);
      expect(response.statusCode).toBeLessThan(300);
    });
  });
});

// Partial uploads are staged on local disk whatever the storage, so this runs once.
describe('partial uploads', () => {
  it('are swept at start when a dead process left them behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-sweep-'));
    const folder = path.join(dataDir, 'files', randomUUID());
    mkdirSync(folder, { recursive: true });
    const left = path.join(folder, `${randomUUID()}.part`);
    writeFileSync(left, 'la mitad de un logo');
    const crash = new Date(Date.now() - 10 * 60_000);
    utimesSync(left, crash, crash);

    const restarted = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect(existsSync(left)).toBe(false);
      expect(existsSync(folder)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
