import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createTestOrganization } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import { connect, type Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

import { StockLedger } from './stock-ledger';
import { insertVariants, insertWarehouse, StockOperations } from './stock.test-support';
import { verifyStock } from '../invariants';

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

/** Issue 15's stock ledger: race-free reservations, idempotent operations, guarded tables. */
describe('stock ledger', () => {
  const clock = new ManualClock();
  let setup: Db;
  let crowd: Db;
  let stock: StockOperations;
  let warehouse: string;

  beforeAll(async () => {
    setup = await createTestDatabase();
    // Enough connections that the concurrent operations below really are in flight at once.
    crowd = connect(setup.$client.options.connectionString!, 60);
    stock = new StockOperations({ db: crowd, clock });
    warehouse = await insertWarehouse(setup);
  });
  afterAll(async () => {
    await crowd.$client.end();
    await setup.$client.end();
  });

  const organizationWithStock = async (onHand: number) => {
    const { id } = await createTestOrganization({ db: setup, clock });
    const [variant] = await insertVariants(setup, id);
    await stock.apply(id, {
      idempotencyKey: 'count',
      kind: 'adjust',
      cause: { type: 'adjustment', id: 'count' },
      reason: 'conteo inicial',
      lines: [{ variant_id: variant!, location_id: warehouse, on_hand: onHand }],
    });
    return { organizationId: id, variant: variant! };
  };

  const balance = async (organizationId: string, variant: string) => {
    const result = await setup.execute<Record<string, number>>(sql`
      select on_hand, reserved, incoming, not_sellable, available from stock_balances
      where organization_id = ${organizationId} and variant_id = ${variant}
        and location_id = ${warehouse}`);
    return result.rows[0];
  };

  it('lets exactly 10 of 50 concurrent one-unit reservations through 10 on hand', async () => {
    const { organizationId, variant } = await organizationWithStock(10);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        stock
          .apply(organizationId, {
            idempotencyKey: `reserve-${index}`,
            kind: 'reserve',
            cause: { type: 'exit', id: `exit-${index}` },
            lines: [{ variant_id: variant, location_id: warehouse, reserved: 1 }],
          })
          .then(() => 'reserved', codeOf),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'reserved')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_STOCK')).toHaveLength(40);
    expect(await balance(organizationId, variant)).toMatchObject({
      on_hand: 10,
      reserved: 10,
      available: 0,
    });
    expect(await verifyStock(setup)).toEqual([]);
  });

  it('checks two lines of one variant against its stock together', async () => {
    const { organizationId, variant } = await organizationWithStock(3);
    const twoLines = stock.apply(organizationId, {
      idempotencyKey: 'exit-two-lines',
      kind: 'reserve',
      cause: { type: 'exit', id: 'two-lines' },
      lines: [
        { variant_id: variant, location_id: warehouse, reserved: 2 },
        { variant_id: variant, location_id: warehouse, reserved: 2 },
      ],
    });
    await expect(twoLines).rejects.toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      params: { variant_id: variant, location_id: warehouse, available: 3 },
    });
    expect(await balance(organizationId, variant)).toMatchObject({ reserved: 0 });
  });

  it('applies the same operation sent 20 times at once exactly once', async () => {
    const { organizationId, variant } = await organizationWithStock(5);
    const release = () =>
      stock.apply(organizationId, {
        idempotencyKey: 'receipt-1',
        kind: 'receive',
        cause: { type: 'entry', id: 'entry-1' },
        lines: [{ variant_id: variant, location_id: warehouse, on_hand: 4 }],
      });
    const results = await Promise.all(Array.from({ length: 20 }, release));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.operationId)).size).toBe(1);
    expect(await balance(organizationId, variant)).toMatchObject({ on_hand: 9 });
  });

  it('applies a first count that waited on another first count of the same balance', async () => {
    // Found by the crash test: the second first write met the first's uncommitted balance,
    // waited for it, then was refused as insufficient stock.
    const { id: organizationId } = await createTestOrganization({ db: setup, clock });
    const [variant] = await insertVariants(setup, organizationId);
    const count = (key: string, db?: Parameters<StockOperations['apply']>[2]) =>
      stock.apply(
        organizationId,
        {
          idempotencyKey: key,
          kind: 'adjust',
          cause: { type: 'adjustment', id: key },
          lines: [{ variant_id: variant!, location_id: warehouse, on_hand: 2, not_sellable: 1 }],
        },
        db,
      );
    let second: Promise<string> | undefined;
    await crowd.transaction(async (tx) => {
      await count('first-count', tx);
      second = count('second-count').then(() => 'applied', codeOf);
      // Commits only once the second waits on this transaction's new balance.
      const waiting = async () =>
        (
          await setup.execute(sql`select 1 from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`)
        ).rows.length > 0;
      while (!(await waiting())) await new Promise((resolve) => setImmediate(resolve));
    });
    expect(await second).toBe('applied');
    expect(await balance(organizationId, variant!)).toMatchObject({ on_hand: 4, not_sellable: 2 });
  });

  it('refuses a key reused with other lines, and changes nothing', async () => {
    const { organizationId, variant } = await organizationWithStock(5);
    const other = stock.apply(organizationId, {
      idempotencyKey: 'count',
      kind: 'adjust',
      cause: { type: 'adjustment', id: 'count' },
      lines: [{ variant_id: variant, location_id: warehouse, on_hand: 7 }],
    });
    await expect(other).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balance(organizationId, variant)).toMatchObject({ on_hand: 5 });
  });

  it('refuses another organization’s own location as 404', async () => {
    const other = await createTestOrganization({ db: setup, clock });
    const location = await setup.execute<{ id: string }>(sql`
      insert into locations (organization_id, alias, contact_name, contact_email, contact_phone,
        street, external_number, neighborhood, city, municipality, state, zip, created_at,
        updated_at)
      values (${other.id}, 'Bodega', 'Ana', 'ana@example.com', '5512345678', 'Calle 1', '10',
        'Centro', 'CDMX', 'Cuauhtémoc', 'CDMX', '06000', now(), now())
      returning id`);
    const own = await setup.execute<{ id: string }>(sql`
      insert into stock_locations (kind, organization_id, location_id, name, created_at)
      values ('own', ${other.id}, ${location.rows[0]!.id}, 'Bodega', now()) returning id`);
    const { organizationId, variant } = await organizationWithStock(1);
    const foreign = stock.apply(organizationId, {
      idempotencyKey: 'foreign',
      kind: 'adjust',
      cause: { type: 'adjustment', id: 'foreign' },
      lines: [{ variant_id: variant, location_id: own.rows[0]!.id, on_hand: 1 }],
    });
    await expect(foreign).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('moves each verb’s units into its buckets, under the keys stored since issue 15', async () => {
    const ledger = new StockLedger({ db: setup, clock });
    const { id: organizationId } = await createTestOrganization({ db: setup, clock });
    const [variant] = await insertVariants(setup, organizationId);
    const entry = { cause: { type: 'entry', id: 'e1' }, location: warehouse } as const;
    const exit = { cause: { type: 'exit', id: 'x1' }, location: warehouse } as const;
    const units = (quantity: number) => [{ variant_id: variant!, quantity }];
    await ledger.announce(organizationId, { ...entry, lines: units(3) });
    await ledger.receive(organizationId, {
      ...entry,
      request: 'count-1',
      lines: [{ variant_id: variant!, quantity: 4, into: 'on_hand', from_incoming: 2 }],
    });
    await ledger.announceCancel(organizationId, { ...entry, ending: 'close', lines: units(1) });
    await ledger.reclassify(organizationId, {
      ...entry,
      request: 'apart-1',
      lines: [{ variant_id: variant!, quantity: 1, into: 'not_sellable' }],
    });
    await ledger.adjust(organizationId, {
      cause: { type: 'adjustment', id: 'count-2' },
      location: warehouse,
      lines: [{ variant_id: variant!, on_hand: 2 }],
    });
    await ledger.reserve(organizationId, { ...exit, lines: units(3) });
    await ledger.release(organizationId, { ...exit, lines: units(1) });
    await ledger.ship(organizationId, { ...exit, lines: units(2) });

    // on hand 4 − 1 + 2 − 2, reserved 3 − 1 − 2, incoming 3 − 2 − 1, not sellable 1.
    expect(await balance(organizationId, variant!)).toMatchObject({
      on_hand: 3,
      reserved: 0,
      incoming: 0,
      not_sellable: 1,
    });
    const keys = await setup.execute<{ kind: string; idempotency_key: string }>(sql`
      select kind, idempotency_key from stock_operations
      where organization_id = ${organizationId} order by idempotency_key collate "C"`);
    expect(keys.rows).toEqual([
      { kind: 'adjust', idempotency_key: 'adjustment:count-2' },
      { kind: 'announce', idempotency_key: 'entry:e1:announce' },
      { kind: 'announce_cancel', idempotency_key: 'entry:e1:close' },
      { kind: 'receive', idempotency_key: 'entry:e1:receive:count-1' },
      { kind: 'reclassify', idempotency_key: 'entry:e1:reclassify:apart-1' },
      { kind: 'release', idempotency_key: 'exit:x1:release' },
      { kind: 'reserve', idempotency_key: 'exit:x1:reserve' },
      { kind: 'ship', idempotency_key: 'exit:x1:ship' },
    ]);
    const labelKeys = await setup.execute<Record<string, string>>(sql`
      select stock_key_of('release', 'shipment', 's1', null) as release,
             stock_key_of('return', 'shipment_cancellation', 's1', null) as return`);
    expect(labelKeys.rows[0]).toEqual({
      release: 'shipment:s1:release-stock',
      return: 'shipment:s1:return',
    });
    // A verb never runs backwards: a negative quantity is the caller's bug.
    await expect(
      ledger.reserve(organizationId, {
        ...exit,
        cause: { type: 'exit', id: 'x2' },
        lines: units(-1),
      }),
    ).rejects.toThrow();
    expect(await verifyStock(setup)).toEqual([]);
  });

  it('refuses a verb’s misuse as the caller’s bug (22023) and moves nothing', async () => {
    const { organizationId, variant } = await organizationWithStock(5);
    const line = { variant_id: variant, location_id: warehouse };
    const misuses: [string, object[]][] = [
      ['borrow', [{ ...line, quantity: 1 }]],
      ['reserve', []],
      ['reserve', [line]],
      ['release', [{ ...line, quantity: -1 }]],
      ['receive', [{ ...line, quantity: 1, from_incoming: 0 }]],
      ['receive', [{ ...line, quantity: 1, into: 'reserved', from_incoming: 0 }]],
      ['receive', [{ ...line, quantity: 1, into: 'on_hand' }]],
      ['receive', [{ ...line, quantity: 1, into: 'on_hand', from_incoming: -1 }]],
      ['reclassify', [{ ...line, quantity: 1 }]],
    ];
    for (const [verb, lines] of misuses) {
      const refusal = await setup
        .execute(
          sql`select * from stock_move(${organizationId}, ${verb}, 'adjustment', ${`misuse-${verb}`},
            null, null, null, now(), ${JSON.stringify(lines)}::jsonb)`,
        )
        .then(
          () => 'moved',
          (error: Error) => (error.cause as { code?: string } | undefined)?.code,
        );
      expect(refusal, `${verb} ${JSON.stringify(lines)}`).toBe('22023');
    }
    // A return puts units back on hand; reclassifying into on hand takes them from not sellable.
    const ledger = new StockLedger({ db: setup, clock });
    const entry = { cause: { type: 'entry', id: 'e-back' }, location: warehouse } as const;
    await ledger.reclassify(organizationId, {
      ...entry,
      request: 'apart',
      lines: [{ variant_id: variant, quantity: 2, into: 'not_sellable' }],
    });
    await ledger.reclassify(organizationId, {
      ...entry,
      request: 'back',
      lines: [{ variant_id: variant, quantity: 1, into: 'on_hand' }],
    });
    await setup.execute(
      sql`select * from stock_move(${organizationId}, 'return', 'shipment_cancellation', 's-back',
        null, null, null, now(), ${JSON.stringify([{ ...line, quantity: 3 }])}::jsonb)`,
    );
    expect(await balance(organizationId, variant)).toMatchObject({
      on_hand: 7,
      reserved: 0,
      not_sellable: 1,
    });
    expect(await verifyStock(setup)).toEqual([]);
  });

  it('refuses any write to balances, operations or movements outside stock_apply', async () => {
    const { organizationId, variant } = await organizationWithStock(2);
    const attempts = [
      sql`update stock_balances set on_hand = 100 where organization_id = ${organizationId}`,
      sql`delete from stock_balances where organization_id = ${organizationId}`,
      sql`insert into stock_balances (organization_id, variant_id, location_id, on_hand, updated_at)
          values (${organizationId}, ${variant}, ${warehouse}, 5, now())`,
      sql`update stock_movements set on_hand = 100 where organization_id = ${organizationId}`,
      sql`delete from stock_movements where organization_id = ${organizationId}`,
      sql`update stock_operations set reason = 'x' where organization_id = ${organizationId}`,
      sql`delete from stock_operations where organization_id = ${organizationId}`,
      sql`truncate stock_movements`,
    ];
    for (const attempt of attempts) {
      // drizzle wraps PostgreSQL's error: its refusal is the cause.
      const outcome = await setup.execute(attempt).then(
        () => 'written',
        (error: Error) => String((error.cause as Error | undefined)?.message),
      );
      expect(outcome).toMatch(/append-only|only through stock_apply/);
    }
    expect(await balance(organizationId, variant)).toMatchObject({ on_hand: 2 });
  });
});
