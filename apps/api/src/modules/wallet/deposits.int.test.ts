import { clabeProblem } from '@despacho/domain';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestOrganization,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { files } from '../../platform/files.tables';
import { NotificationsService } from '../notifications/notifications.service';
import { creditPendingDeposit } from './deposits.service';
import { deposits } from './deposits.tables';
import { LedgerService } from './ledger.service';
import { verifyLedger } from '../invariants';
import { receivingClabe, SpeiAccountsService } from './spei-accounts.service';
import { AccountsService } from '../accounts/accounts.service';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ SPEI_CLABE_PREFIX: '6461802180' });
  staff = await createTestUser(ctx, { isStaff: true });
});
afterAll(async () => {
  // Whatever the tests did, the ledger is whole.
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

let trackingKeys = 0;
/** A valid notification with a tracking key no other test uses. */
const validFields = (overrides: Record<string, string> = {}) => ({
  amount: '1,250.00',
  origin_bank: '012',
  reference_type: 'concept',
  reference_number: 'DEPOSITO DESPACHO 0001',
  tracking_key: `MBAN${Date.now() % 1_000_000}${++trackingKeys}`,
  ...overrides,
});

type Voucher = { name: string; content: Buffer; type?: string } | null;
const png: Voucher = { name: 'comprobante.png', content: sampleFiles.png(), type: 'image/png' };

/** `POST deposits/spei` as a browser sends it: fields first, then the voucher. */
function notify(
  user: TestUser,
  options: {
    fields?: Record<string, string>;
    voucher?: Voucher;
    key?: string | null;
    language?: string;
  } = {},
) {
  const fields = options.fields ?? validFields();
  const voucher = options.voucher === undefined ? png : options.voucher;
  const key = options.key === undefined ? randomUUID() : options.key;
  const body = voucher
    ? multipart({ ...voucher, field: 'voucher' }, fields)
    : multipartFieldsOnly(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/deposits/spei',
    payload: body.payload,
    headers: user.headers({
      ...body.headers,
      'x-language': options.language ?? 'es',
      ...(key === null ? {} : { 'idempotency-key': key }),
    }),
  });
}

function multipartFieldsOnly(fields: Record<string, string>) {
  const boundary = `----despacho${randomUUID().replaceAll('-', '')}`;
  const text =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return {
    payload: Buffer.from(text),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object, lang = 'es') =>
  callAs(ctx.app, user, method, url, payload, lang);

const balanceOf = async (user: TestUser) =>
  (await call(user, 'GET', '/wallet/balance')).json().data.available_centavos as number;

const depositRows = (organizationId: string) =>
  ctx.db.select().from(deposits).where(eq(deposits.organizationId, organizationId));

const voucherFiles = async (organizationId: string) =>
  (await ctx.db.select().from(files).where(eq(files.organizationId, organizationId))).filter(
    (file) => file.purpose === 'deposit.voucher',
  ).length;

/** A pending SPEI notification of a new merchant. */
async function pendingDeposit(fields: Record<string, string> = {}, company?: string) {
  const merchant = await createTestMerchant(ctx, company);
  const response = await notify(merchant.user, { fields: validFields(fields) });
  expect(response.statusCode).toBe(201);
  return { ...merchant, deposit: response.json().data as { id: string; amount_centavos: number } };
}

describe('the receiving CLABE', () => {
  it('is assigned on first use: configured prefix, 7-digit number, valid check digit, STP', async () => {
    const { user, organization } = await createTestMerchant(ctx, 'Abarrotes La Paz');
    const response = await call(user, 'GET', '/deposits/spei-account');
    expect(response.statusCode).toBe(200);
    const account = response.json().data;
    expect(account).toEqual({
      clabe: expect.stringMatching(/^6461802180\d{8}$/),
      bank_name: 'STP',
      beneficiary: 'Despacho - Abarrotes La Paz',
      sandbox: true,
    });
    expect(clabeProblem(account.clabe)).toBeNull();
    // It never changes, and it says whose it is.
    expect((await call(user, 'GET', '/deposits/spei-account')).json().data.clabe).toBe(
      account.clabe,
    );
    const spei = new SpeiAccountsService({
      ...ctx,
      config: { SPEI_CLABE_PREFIX: '6461802180', NODE_ENV: 'test' },
      accounts: new AccountsService(ctx),
    });
    expect(await spei.organizationOfClabe(account.clabe)).toBe(organization.id);
    expect(await spei.organizationOfClabe('646 180 2180 9999999 0')).toBeNull();
  });

  it('builds the CLABE with its check digit', () => {
    expect(receivingClabe('6461802180', 1)).toBe('646180218000000011');
    expect(clabeProblem(receivingClabe('6461802180', 9_999_999))).toBeNull();
    expect(() => receivingClabe('6461802180', 10_000_000)).toThrow();
  });

  it('gives each organization its own, and one only when many first requests race', async () => {
    const { user } = await createTestMerchant(ctx);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(user, 'GET', '/deposits/spei-account')),
    );
    const clabes = new Set(answers.map((answer) => answer.json().data.clabe));
    expect(clabes.size).toBe(1);
    const other = await createTestMerchant(ctx);
    const otherClabe = (await call(other.user, 'GET', '/deposits/spei-account')).json().data.clabe;
    expect(clabes.has(otherClabe)).toBe(false);
    const [{ count }] = (
      await ctx.db.execute<{ count: number }>(
        sql`select count(*)::int as count from spei_accounts where organization_id = ${user.organizationId}`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);
  });

  it('is not a sandbox in production', async () => {
    const { organization } = await createTestMerchant(ctx);
    const spei = new SpeiAccountsService({
      ...ctx,
      config: { SPEI_CLABE_PREFIX: '6461802180', NODE_ENV: 'production' },
      accounts: new AccountsService(ctx),
    });
    expect((await spei.accountOf(organization.id)).sandbox).toBe(false);
  });
});

describe('notifying a SPEI transfer', () => {
  let merchant: Awaited<ReturnType<typeof createTestMerchant>>;
  beforeAll(async () => {
    merchant = await createTestMerchant(ctx, 'Ferretería El Clavo');
  });

  it('records it pending, with no fee from 500 MXN', async () => {
    const fields = validFields({ tracking_key: 'mbnk2026030212345' });
    const response = await notify(merchant.user, { fields });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      method: 'spei',
      status: 'pending',
      amount_centavos: 125_000,
      fee_centavos: 0,
      net_centavos: 125_000,
      origin_bank: '012',
      origin_bank_name: 'BBVA México',
      reference_type: 'concept',
      reference_number: 'DEPOSITO DESPACHO 0001',
      tracking_key: 'MBNK2026030212345',
      has_voucher: true,
      card_summary: null,
      reject_reason: null,
      ledger_transaction_id: null,
      created_at: '2026-03-02T16:00:00.000Z',
      credited_at: null,
    });
    // Nothing reaches the balance until it is approved.
    expect(await balanceOf(merchant.user)).toBe(0);
  });

  it('previews the 14.50 fee (VAT included) below 500 MXN', async () => {
    const below = await notify(merchant.user, { fields: validFields({ amount: '499.99' }) });
    expect(below.json().data).toMatchObject({
      amount_centavos: 49_999,
      fee_centavos: 1_450,
      net_centavos: 48_549,
    });
    const exactly = await notify(merchant.user, { fields: validFields({ amount: '500' }) });
    expect(exactly.json().data).toMatchObject({ fee_centavos: 0, net_centavos: 50_000 });
  });

  it.each([
    [
      'amount',
      { amount: '0' },
      'El monto debe ser mayor a 0.',
      'The amount must be greater than 0.',
    ],
    ['amount', { amount: '12.345' }, 'Usa máximo 2 decimales.', 'Use at most 2 decimals.'],
    [
      'amount',
      { amount: 'mil' },
      'Escribe el monto en pesos, por ejemplo 1500.50.',
      'Enter the amount in pesos, for example 1500.50.',
    ],
    [
      'amount',
      { amount: '14.50' },
      'Abajo de $500.00 se cobra una comisión de $14.50: el monto debe ser mayor.',
      'Below $500.00 a $14.50 fee is charged: the amount must be larger.',
    ],
    [
      'amount',
      { amount: '1000000.01' },
      'El monto máximo por depósito es de $1,000,000.00.',
      'The maximum per deposit is $1,000,000.00.',
    ],
    [
      'origin_bank',
      { origin_bank: '999' },
      'Selecciona una opción válida.',
      'Choose a valid option.',
    ],
    [
      'reference_type',
      { reference_type: 'cheque' },
      'Selecciona una opción válida.',
      'Choose a valid option.',
    ],
    [
      'reference_number',
      { reference_number: 'corta' },
      'La referencia debe tener al menos 15 caracteres.',
      'The reference must have at least 15 characters.',
    ],
    [
      'tracking_key',
      { tracking_key: 'con espacios' },
      'La clave de rastreo tiene de 1 a 30 letras o números, como aparece en tu comprobante SPEI.',
      'The tracking key has 1 to 30 letters or digits, as shown on your SPEI receipt.',
    ],
  ])('refuses a wrong %s in es and en: %o', async (field, change, es, en) => {
    const before = (await depositRows(merchant.organization.id)).length;
    const filesBefore = await voucherFiles(merchant.organization.id);
    for (const [language, text] of [
      ['es', es],
      ['en', en],
    ] as const) {
      const response = await notify(merchant.user, { fields: validFields(change), language });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { [field]: text },
      });
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
    // A refused notification leaves neither a deposit nor its voucher behind.
    expect((await depositRows(merchant.organization.id)).length).toBe(before);
    expect(await voucherFiles(merchant.organization.id)).toBe(filesBefore);
  });

  it('says which fields are missing, the voucher among them', async () => {
    const response = await notify(merchant.user, { fields: {}, voucher: null, language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      fields: {
        amount: 'This field is required.',
        origin_bank: 'This field is required.',
        reference_type: 'This field is required.',
        reference_number: 'This field is required.',
        tracking_key: 'This field is required.',
        voucher: 'Attach a file.',
      },
    });
  });

  it('requires the voucher', async () => {
    for (const [language, text] of [
      ['es', 'Adjunta un archivo.'],
      ['en', 'Attach a file.'],
    ] as const) {
      const response = await notify(merchant.user, { voucher: null, language });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'FILE_REQUIRED',
        message: text,
        fields: { voucher: text },
      });
    }
    // An empty file is no voucher either; a JSON body is no form.
    const empty = await notify(merchant.user, {
      voucher: { name: 'vacio.pdf', content: Buffer.alloc(0) },
    });
    expect(empty.json().error.code).toBe('FILE_REQUIRED');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/deposits/spei',
      payload: validFields(),
      headers: merchant.user.headers({ 'idempotency-key': randomUUID() }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('FILE_REQUIRED');
  });

  it('refuses a voucher over 1 MB, and takes one of exactly 1 MB', async () => {
    const filesBefore = await voucherFiles(merchant.organization.id);
    for (const [language, text] of [
      ['es', 'El archivo supera el tamaño máximo de 1 MB.'],
      ['en', 'The file is larger than the maximum of 1 MB.'],
    ] as const) {
      const response = await notify(merchant.user, {
        voucher: { name: 'grande.pdf', content: sampleFiles.pdf(1024 * 1024 + 1) },
        language,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({
        code: 'FILE_TOO_LARGE',
        fields: { voucher: text },
      });
    }
    expect(await voucherFiles(merchant.organization.id)).toBe(filesBefore);
    const exactly = await notify(merchant.user, {
      voucher: { name: 'justo.pdf', content: sampleFiles.pdf(1024 * 1024) },
    });
    expect(exactly.statusCode).toBe(201);
  });

  it('reports an oversized voucher together with wrong fields, whatever their order', async () => {
    // The fields after the file are read too.
    const boundary = `----despacho${randomUUID().replaceAll('-', '')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="voucher"; filename="g.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      sampleFiles.pdf(1024 * 1024 + 10),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n-5\r\n--${boundary}--\r\n`,
      ),
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/deposits/spei',
      payload,
      headers: merchant.user.headers({
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'idempotency-key': randomUUID(),
        'x-language': 'en',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      amount: 'The amount must be greater than 0.',
      voucher: 'The file is larger than the maximum of 1 MB.',
      tracking_key: 'This field is required.',
    });
  });

  it('takes PDF, JPEG and PNG by their content, nothing else', async () => {
    for (const voucher of [
      { name: 'c.pdf', content: sampleFiles.pdf() },
      { name: 'c.jpg', content: sampleFiles.jpeg() },
    ]) {
      expect((await notify(merchant.user, { voucher })).statusCode).toBe(201);
    }
    for (const [voucher, language, text] of [
      [
        { name: 'c.png', content: sampleFiles.exe(), type: 'image/png' },
        'es',
        'Este tipo de archivo no está permitido. Sube un archivo PDF, JPEG, PNG.',
      ],
      [
        { name: 'c.webp', content: sampleFiles.webp() },
        'en',
        'This file type is not allowed. Upload a PDF, JPEG, PNG file.',
      ],
    ] as const) {
      const response = await notify(merchant.user, { voucher, language });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatchObject({
        code: 'FILE_TYPE_NOT_ALLOWED',
        fields: { voucher: text },
      });
    }
  });

  it('requires an Idempotency-Key', async () => {
    for (const key of [null, 'corta']) {
      const response = await notify(merchant.user, { key, language: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REQUIRED',
        message: expect.stringContaining('Idempotency-Key'),
      });
    }
  });

  it('answers the same deposit for the same Idempotency-Key, even at once', async () => {
    const { user, organization } = await createTestMerchant(ctx);
    const key = randomUUID();
    const fields = validFields();
    const first = await notify(user, { fields, key });
    expect(first.statusCode).toBe(201);
    const retry = await notify(user, { fields, key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(first.json().data);

    const racingKey = randomUUID();
    const racingFields = validFields();
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => notify(user, { fields: racingFields, key: racingKey })),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(racing.map((answer) => answer.json().data.id)).size).toBe(1);

    expect((await depositRows(organization.id)).length).toBe(2);
    // Only the kept vouchers remain: a retry's copy is dropped.
    expect(await voucherFiles(organization.id)).toBe(2);

    // The same key for another transfer is a mistake, not a retry.
    const reused = await notify(user, { fields: validFields({ amount: '999' }), key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a transfer already notified (same bank and tracking key), in any organization', async () => {
    const fields = validFields({ origin_bank: '072', tracking_key: 'BNET01002603020000001' });
    expect((await notify(merchant.user, { fields })).statusCode).toBe(201);
    for (const [user, language, text] of [
      [
        merchant.user,
        'es',
        'Esta transferencia ya fue notificada: ya hay un depósito con esta clave de rastreo del mismo banco.',
      ],
      [
        (await createTestMerchant(ctx)).user,
        'en',
        'This transfer has already been notified: there is a deposit with this tracking key from the same bank.',
      ],
    ] as const) {
      const again = await notify(user, {
        fields: { ...fields, tracking_key: fields.tracking_key.toLowerCase() },
        language,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'DEPOSIT_ALREADY_NOTIFIED',
        message: text,
        fields: { tracking_key: text },
      });
    }
    // The same tracking key from another bank is another transfer.
    expect(
      (await notify(merchant.user, { fields: { ...fields, origin_bank: '014' } })).statusCode,
    ).toBe(201);
  });

  it('lets a rejected transfer be notified again', async () => {
    const { user, deposit } = await pendingDeposit({ tracking_key: 'RECHAZADA0001' });
    const rejected = await call(staff, 'POST', `/staff/deposits/${deposit.id}/reject`, {
      reason: 'El comprobante no coincide',
    });
    expect(rejected.statusCode).toBe(200);
    const again = await notify(user, { fields: validFields({ tracking_key: 'RECHAZADA0001' }) });
    expect(again.statusCode).toBe(201);
  });
});

describe('reading deposits', () => {
  it('lists the organization’s deposits newest first, filtered and paginated', async () => {
    const { user } = await createTestMerchant(ctx);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ctx.clock.advance(60_000);
      ids.push((await notify(user)).json().data.id);
    }
    await call(staff, 'POST', `/staff/deposits/${ids[0]}/approve`);
    const all = await call(user, 'GET', '/deposits?pageSize=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(all.json().data.map((deposit: { id: string }) => deposit.id)).toEqual([ids[2], ids[1]]);
    const credited = await call(user, 'GET', '/deposits?status=credited&method=spei');
    expect(credited.json().data.map((deposit: { id: string }) => deposit.id)).toEqual([ids[0]]);
    expect((await call(user, 'GET', '/deposits?method=card')).json().meta.total).toBe(0);
    const wrong = await call(user, 'GET', '/deposits?status=lost', undefined, 'en');
    expect(wrong.json().error.fields).toEqual({ status: 'Choose a valid option.' });
  });

  it('serves one deposit and its voucher to its organization only', async () => {
    const { user, deposit } = await pendingDeposit();
    const one = await call(user, 'GET', `/deposits/${deposit.id}`);
    expect(one.json().data).toMatchObject({ id: deposit.id, status: 'pending' });
    const voucher = await call(user, 'GET', `/deposits/${deposit.id}/voucher`);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.headers['content-type']).toBe('image/png');
    expect(voucher.headers['x-content-type-options']).toBe('nosniff');
    expect(voucher.rawPayload.equals(sampleFiles.png())).toBe(true);

    const stranger = await createTestMerchant(ctx);
    for (const url of [`/deposits/${deposit.id}`, `/deposits/${deposit.id}/voucher`]) {
      const response = await call(stranger.user, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await call(user, 'GET', `/deposits/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('answers 403 without the deposits permission', async () => {
    const organization = await createTestOrganization(ctx);
    const clerk = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: ['shipments.pickup', 'finances.purchases'],
    });
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/deposits/spei-account'],
      ['GET', '/deposits'],
      ['GET', `/deposits/${id}`],
      ['GET', `/deposits/${id}/voucher`],
    ] as const) {
      const response = await call(clerk, method, url);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect((await notify(clerk)).statusCode).toBe(403);
    // The balance is still everyone's to read.
    expect((await call(clerk, 'GET', '/wallet/balance')).statusCode).toBe(200);
  });
});

describe('staff review', () => {
  const ledgerEntriesOf = async (transactionId: string) =>
    (
      await ctx.db.execute<{ kind: string; amount: number }>(
        sql`select a.kind, e.amount::int as amount from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            where e.transaction_id = ${transactionId} order by a.kind`,
      )
    ).rows;

  it('is for staff only', async () => {
    const { user, deposit } = await pendingDeposit();
    for (const [method, url, body] of [
      ['GET', '/staff/deposits?status=pending', undefined],
      ['GET', `/staff/deposits/${deposit.id}/voucher`, undefined],
      ['POST', `/staff/deposits/${deposit.id}/approve`, undefined],
      ['POST', `/staff/deposits/${deposit.id}/reject`, { reason: 'No me gusta' }],
    ] as const) {
      expect((await call(user, method, url, body)).statusCode).toBe(403);
    }
    expect((await call(user, 'GET', `/deposits/${deposit.id}`)).json().data.status).toBe('pending');
  });

  it('lists pending notifications of every organization, oldest first, with their names', async () => {
    const first = await pendingDeposit({}, 'Papelería Primera');
    ctx.clock.advance(60_000);
    const second = await pendingDeposit({}, 'Dulcería Segunda');
    const list = await call(staff, 'GET', '/staff/deposits?status=pending&pageSize=100');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: string; organization_name: string; status: string }[];
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    const mine = rows.filter((row) => [first.deposit.id, second.deposit.id].includes(row.id));
    expect(mine).toEqual([
      expect.objectContaining({
        id: first.deposit.id,
        organization_id: first.organization.id,
        organization_name: 'Papelería Primera',
        origin_bank_name: 'BBVA México',
        reviewed_at: null,
      }),
      expect.objectContaining({ id: second.deposit.id, organization_name: 'Dulcería Segunda' }),
    ]);
    const voucher = await call(staff, 'GET', `/staff/deposits/${first.deposit.id}/voucher`);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.rawPayload.equals(sampleFiles.png())).toBe(true);
    expect((await call(staff, 'GET', `/staff/deposits/${randomUUID()}/voucher`)).statusCode).toBe(
      404,
    );
  });

  it('approves: credits the balance once, audits it and tells the merchant', async () => {
    const { user, organization, deposit } = await pendingDeposit({ amount: '1250' });
    const approved = await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const data = approved.json().data;
    expect(data).toMatchObject({
      id: deposit.id,
      status: 'credited',
      net_centavos: 125_000,
      credited_at: ctx.clock.now().toISOString(),
      ledger_transaction_id: expect.any(String),
      organization_id: organization.id,
    });
    expect(await balanceOf(user)).toBe(125_000);
    expect(await ledgerEntriesOf(data.ledger_transaction_id)).toEqual([
      { kind: 'bank_clearing', amount: -125_000 },
      { kind: 'wallet', amount: 125_000 },
    ]);
    const [row] = await ctx.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.reviewedBy).toBe(staff.id);

    const notices = (await call(user, 'GET', '/notifications')).json().data;
    expect(notices[0]).toMatchObject({
      kind: 'NOTIFICATION',
      title: 'Depósito acreditado',
      link: '/app/finance/deposits',
    });
    expect(notices[0].body).toContain('$1,250.00');
    const english = (await call(user, 'GET', '/notifications', undefined, 'en')).json().data;
    expect(english[0].title).toBe('Deposit credited');

    const audit = (
      await call(staff, 'GET', `/staff/audit?organization_id=${organization.id}`)
    ).json().data;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'deposit.approve',
        subject_type: 'deposit',
        subject_id: deposit.id,
        before: expect.objectContaining({ status: 'pending', ledger_transaction_id: null }),
        after: expect.objectContaining({ status: 'credited', amount: 125_000 }),
      }),
    ]);

    // Approving again, or rejecting what was credited, changes nothing.
    for (const [url, body] of [
      [`/staff/deposits/${deposit.id}/approve`, undefined],
      [`/staff/deposits/${deposit.id}/reject`, { reason: 'Ya no' }],
    ] as const) {
      const again = await call(staff, 'POST', url, body, 'en');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'DEPOSIT_ALREADY_REVIEWED',
        message:
          'This deposit has already been reviewed: only pending deposits can be approved or rejected.',
      });
    }
    expect(await balanceOf(user)).toBe(125_000);
  });

  it('takes the 12.50 + VAT fee from a deposit below 500 MXN', async () => {
    const { user, deposit } = await pendingDeposit({ amount: '300' });
    const approved = (await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`)).json()
      .data;
    expect(approved).toMatchObject({ fee_centavos: 1_450, net_centavos: 28_550 });
    expect(await balanceOf(user)).toBe(28_550);
    expect(await ledgerEntriesOf(approved.ledger_transaction_id)).toEqual([
      { kind: 'bank_clearing', amount: -30_000 },
      { kind: 'fees', amount: 1_250 },
      { kind: 'vat_payable', amount: 200 },
      { kind: 'wallet', amount: 28_550 },
    ]);
  });

  it('credits exactly once when two approvals race', async () => {
    const { user, deposit } = await pendingDeposit({ amount: '2000' });
    const answers = await Promise.all([
      call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`),
      call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(user)).toBe(200_000);
    const [{ count }] = (
      await ctx.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ledger_transactions
            where reference_type = 'deposit' and reference_id = ${deposit.id}`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('rejects with a reason the merchant reads; nothing moves', async () => {
    const { user, organization, deposit } = await pendingDeposit();
    for (const [body, language, text] of [
      [{}, 'es', 'Este campo es obligatorio.'],
      [{ reason: '   ' }, 'en', 'This field is required.'],
      [{ reason: 'Mal' }, 'es', 'Escribe al menos 5 caracteres.'],
      [{ reason: 'x'.repeat(201) }, 'en', 'Enter at most 200 characters.'],
    ] as const) {
      const response = await call(
        staff,
        'POST',
        `/staff/deposits/${deposit.id}/reject`,
        body,
        language,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { reason: text },
      });
    }
    const rejected = await call(staff, 'POST', `/staff/deposits/${deposit.id}/reject`, {
      reason: ' El monto no coincide con el comprobante. ',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reject_reason: 'El monto no coincide con el comprobante.',
      ledger_transaction_id: null,
      reviewed_at: ctx.clock.now().toISOString(),
    });
    expect(await balanceOf(user)).toBe(0);
    const mine = (await call(user, 'GET', `/deposits/${deposit.id}`)).json().data;
    expect(mine).toMatchObject({
      status: 'rejected',
      reject_reason: 'El monto no coincide con el comprobante.',
    });
    const notice = (await call(user, 'GET', '/notifications')).json().data[0];
    expect(notice).toMatchObject({ kind: 'WARNING', title: 'Depósito rechazado' });
    expect(notice.body).toContain('Motivo: El monto no coincide con el comprobante.');
    const audit = (
      await call(staff, 'GET', `/staff/audit?organization_id=${organization.id}`)
    ).json().data;
    expect(audit[0]).toMatchObject({ action: 'deposit.reject', subject_id: deposit.id });

    const approve = await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('DEPOSIT_ALREADY_REVIEWED');
    expect((await call(staff, 'POST', `/staff/deposits/${randomUUID()}/approve`)).statusCode).toBe(
      404,
    );
  });
});

describe('creditPendingDeposit (bank reconciliation)', () => {
  const deps = () => ({
    ledger: new LedgerService(ctx),
    notifications: new NotificationsService(ctx),
    clock: ctx.clock,
    events: ctx.app.services.events,
    depositCredited: ctx.app.services.billing.depositCredited,
  });

  it('credits a pending notification inside the caller’s transaction, once', async () => {
    const { user, deposit } = await pendingDeposit({ amount: '800' });
    const result = await ctx.db.transaction((tx) =>
      creditPendingDeposit(tx, deposit.id, deps(), { reviewedBy: null }),
    );
    expect(result.deposit).toMatchObject({ status: 'credited', reviewedBy: null, net: 80_000 });
    expect(result.ledger.replayed).toBe(false);
    expect(await balanceOf(user)).toBe(80_000);
    await expect(
      ctx.db.transaction((tx) => creditPendingDeposit(tx, deposit.id, deps())),
    ).rejects.toMatchObject({ code: 'DEPOSIT_ALREADY_REVIEWED' });
  });

  it('credits what really arrived when the bank says another amount, fee worked out again', async () => {
    const { user, deposit } = await pendingDeposit({ amount: '600' });
    const { deposit: credited } = await ctx.db.transaction((tx) =>
      creditPendingDeposit(tx, deposit.id, deps(), { amount: 45_000 }),
    );
    expect(credited).toMatchObject({ amount: 45_000, fee: 1_450, net: 43_550 });
    expect(await balanceOf(user)).toBe(43_550);
  });

  it('leaves nothing behind when the caller’s transaction rolls back', async () => {
    const { user, deposit } = await pendingDeposit({ amount: '700' });
    await expect(
      ctx.db.transaction(async (tx) => {
        await creditPendingDeposit(tx, deposit.id, deps());
        throw new Error('the reconciliation failed after crediting');
      }),
    ).rejects.toThrow('the reconciliation failed');
    expect(await balanceOf(user)).toBe(0);
    expect((await call(user, 'GET', `/deposits/${deposit.id}`)).json().data.status).toBe('pending');
  });
});

describe('the OpenAPI document', () => {
  it('describes the deposit calls', async () => {
    expect(Object.keys(ctx.app.swagger().paths ?? {})).toEqual(
      expect.arrayContaining([
        '/api/v1/deposits/spei-account',
        '/api/v1/deposits/spei',
        '/api/v1/deposits',
        '/api/v1/deposits/{id}',
        '/api/v1/deposits/{id}/voucher',
        '/api/v1/staff/deposits',
        '/api/v1/staff/deposits/{id}/voucher',
        '/api/v1/staff/deposits/{id}/approve',
        '/api/v1/staff/deposits/{id}/reject',
      ]),
    );
  });
});
