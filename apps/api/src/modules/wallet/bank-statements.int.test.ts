import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { Readable } from 'node:stream';
import { multipart, sampleFiles } from '../../../test/multipart';
import {
  balanceOf,
  clabeOf,
  notifySpei,
  sendSpeiWebhook,
  speiTransfer,
  statementCsv,
  trackingKey,
  uploadStatement,
} from '../../../test/spei';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { verifyLedger } from '../invariants';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestUser;
let merchant: TestUser;
let clabe: string;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await createTestUser(ctx, { isStaff: true });
  ({ user: merchant } = await createTestMerchant(ctx));
  clabe = await clabeOf(ctx, merchant);
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

const count = async (table: 'bank_transfers' | 'ledger_transactions' | 'audit_log') =>
  Number((await ctx.db.$client.query(`select count(*) from ${table}`)).rows[0].count);

describe('bank statement import', () => {
  it('records each transfer once: a transfer the webhook reported is a duplicate', async () => {
    const before = await balanceOf(ctx, merchant);
    const reported = speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 123_456 });
    expect((await sendSpeiWebhook(ctx, reported)).json().data.status).toBe('credited');

    const key = trackingKey();
    const deposit = await notifySpei(ctx, merchant, { amount: '2000.00', tracking_key: key });
    const rows = [
      reported,
      speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 100_000 }),
      speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 20_000 }),
      speiTransfer(ctx, { beneficiary_clabe: clabe, tracking_key: key, amount_centavos: 200_000 }),
      speiTransfer(ctx, { beneficiary_clabe: '646180218055555553', amount_centavos: 70_000 }),
    ];
    const response = await uploadStatement(ctx, staff, statementCsv(rows));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      rows: 5,
      credited: 2,
      matched_notifications: 1,
      unmatched: 1,
      duplicates: 1,
    });
    // 1,234.56 once; 1,000; 200 minus the 14.50 fee; 2,000 through the notification.
    expect(await balanceOf(ctx, merchant)).toBe(
      before + 123_456 + 100_000 + 20_000 - 1_450 + 200_000,
    );
    const { rows: credited } = await ctx.db.$client.query(
      `select status from deposits where id = $1`,
      [deposit.id],
    );
    expect(credited[0].status).toBe('credited');

    // The same file again: every transfer is already recorded.
    const again = await uploadStatement(ctx, staff, statementCsv(rows));
    expect(again.json().data).toMatchObject({ rows: 5, duplicates: 5, credited: 0 });
    expect(await balanceOf(ctx, merchant)).toBe(
      before + 123_456 + 100_000 + 20_000 - 1_450 + 200_000,
    );
    const audit = await callAs(ctx.app, staff, 'GET', '/staff/audit');
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({
        action: 'bank_statement.import',
        after: expect.objectContaining({ rows: 5, credited: 2, duplicates: 1 }),
      }),
    );
  });

  it('refuses the whole file at its first bad row, with the line, and changes nothing', async () => {
    const before = {
      transfers: await count('bank_transfers'),
      ledger: await count('ledger_transactions'),
      balance: await balanceOf(ctx, merchant),
    };
    const good = speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 90_000 });
    const file = statementCsv(
      [good],
      [
        `${good.operation_date},${trackingKey()},012,012180001234567891,Ana,${clabe},doce pesos,x`,
        `${good.operation_date},${trackingKey()},012,012180001234567891,Ana,${clabe},100.00,x`,
      ],
    );
    const response = await uploadStatement(ctx, staff, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'BANK_STATEMENT_INVALID',
      message:
        'La línea 3 del estado de cuenta no es válida: Escribe el monto en pesos, por ejemplo 1500.50. No se registró ningún movimiento.',
      details: { line: 3, column: 'monto' },
      fields: { monto: 'Escribe el monto en pesos, por ejemplo 1500.50.' },
    });
    expect(await count('bank_transfers')).toBe(before.transfers);
    expect(await count('ledger_transactions')).toBe(before.ledger);
    expect(await balanceOf(ctx, merchant)).toBe(before.balance);
  });

  it('names the problem of the file itself: header, columns, date', async () => {
    const missing = await uploadStatement(
      ctx,
      staff,
      Buffer.from('fecha,clave_rastreo,monto\n2026-03-02,ABC,10.00\n'),
    );
    expect(missing.json().error.details).toMatchObject({ line: 1, column: null });
    expect(missing.json().error.message).toContain(
      'Faltan columnas en el encabezado: banco_emisor, clabe_emisor, nombre_emisor, clabe_beneficiario.',
    );

    const row = speiTransfer(ctx, { beneficiary_clabe: clabe });
    const wrongDate = statementCsv([{ ...row, operation_date: '2026-02-30' }]);
    const date = await uploadStatement(ctx, staff, wrongDate);
    expect(date.json().error.details).toMatchObject({ line: 2, column: 'fecha' });

    const body = multipart({
      name: 'estado.csv',
      content: Buffer.from(
        'fecha,clave_rastreo,banco_emisor,clabe_emisor,nombre_emisor,clabe_beneficiario,monto\n' +
          `2026-03-02,ABC,012,012180001234567891,Ana,${clabe}\n`,
      ),
    });
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/bank-statements',
      headers: staff.headers({ ...body.headers, 'x-language': 'en' }),
      payload: body.payload,
    });
    expect(english.json().error.message).toBe(
      'Line 2 of the bank statement is not valid: The row has 6 columns and the header 7. No transfer was recorded.',
    );
  });

  it('accepts only staff and only CSV text', async () => {
    const file = statementCsv([speiTransfer(ctx, { beneficiary_clabe: clabe })]);
    expect((await uploadStatement(ctx, merchant, file)).statusCode).toBe(403);
    const binary = await uploadStatement(ctx, staff, sampleFiles.exe());
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const tooLarge = await uploadStatement(ctx, staff, Buffer.alloc(1024 * 1024 + 1, 0x41));
    expect(tooLarge.statusCode).toBe(413);
  });

  it('refuses every file over 1 MB as too large, never reading its first megabyte', async () => {
    const row = statementCsv([speiTransfer(ctx, { beneficiary_clabe: clabe })]);
    const limit = 1024 * 1024;
    for (const extra of [1, 7, 100, 4096, 65_536, 300_000]) {
      // Valid rows up to the limit and beyond, so a truncated copy would read as a bad line.
      const content = Buffer.alloc(limit + extra, row.toString('latin1').split('\r\n')[1] + '\r\n');
      const response = await uploadStatement(ctx, staff, content);
      expect(response.statusCode, `${extra} bytes over`).toBe(413);
      expect(response.json().error).toEqual({
        code: 'FILE_TOO_LARGE',
        message: 'El archivo supera el tamaño máximo de 1 MB.',
        details: { max: '1 MB' },
      });
    }
  });

  it('refuses a file over 1 MB whose first megabyte arrives before the rest', async () => {
    const limit = 1024 * 1024;
    const body = multipart({ name: 'estado.csv', content: Buffer.alloc(limit + 10, 'x\n') });
    const boundary = body.headers['content-type'].split('boundary=')[1];
    const firstMegabyteEnd = body.payload.length - `\r\n--${boundary}--\r\n`.length - 10;
    // As a network delivers it: the request up to exactly 1 MB of file, a pause, then the rest.
    async function* network() {
      yield body.payload.subarray(0, firstMegabyteEnd);
      await new Promise((resolve) => setTimeout(resolve, 100));
      yield body.payload.subarray(firstMegabyteEnd);
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/bank-statements',
      headers: staff.headers(body.headers),
      payload: Readable.from(network()),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('FILE_TOO_LARGE');
  });

  it('reads a Windows-1252 file with quoted commas and a time of day', async () => {
    const key = trackingKey();
    const content = Buffer.from(
      'fecha,clave_rastreo,banco_emisor,clabe_emisor,nombre_emisor,clabe_beneficiario,monto,concepto\r\n' +
        `2026-03-02 09:15,${key},014,014180001234567890,"Peña, José",${clabe},"1,500.00",Depósito\r\n`,
      'latin1',
    );
    const response = await uploadStatement(ctx, staff, content);
    expect(response.json().data).toMatchObject({ rows: 1, credited: 1 });
    const { rows } = await ctx.db.$client.query(
      `select sender_name, concept, amount::int, received_at from bank_transfers where tracking_key = $1`,
      [key],
    );
    expect(rows[0]).toMatchObject({
      sender_name: 'Peña, José',
      concept: 'Depósito',
      amount: 150_000,
      received_at: new Date('2026-03-02T15:15:00Z'),
    });
  });
});
