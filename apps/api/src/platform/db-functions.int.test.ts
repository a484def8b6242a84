import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { Db } from './db';
import { applyDatabaseFunctions, functionFiles, SOURCE_FOLDER } from './db-functions';

let db: Db;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.$client.end();
});

/** The body (between `$$`) of each function a file defines, by name. */
function bodiesIn(source: string): Map<string, string> {
  const bodies = new Map<string, string>();
  const pattern = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\$\$([\s\S]*?)\$\$;/g;
  for (const [, name, body] of source.matchAll(pattern)) bodies.set(name!, body!);
  return bodies;
}

describe("the modules' database functions", () => {
  it('are the ones in the *.functions.sql files, as the files write them, once migrated', async () => {
    const files = await functionFiles();
    expect(files.map((file) => path.relative(SOURCE_FOLDER, file))).toEqual([
      path.join('modules', 'catalogs', 'tariff-fractions.functions.sql'),
      path.join('modules', 'customers', 'customer-counts.functions.sql'),
      path.join('modules', 'exits', 'dispatch.functions.sql'),
      path.join('modules', 'inventory', 'stock.functions.sql'),
      path.join('modules', 'products', 'collection-products.functions.sql'),
      path.join('modules', 'products', 'product-counts.functions.sql'),
      path.join('modules', 'shipments', 'made-per-day.functions.sql'),
      path.join('modules', 'shipments', 'purchase.functions.sql'),
      path.join('modules', 'wallet', 'ledger.functions.sql'),
      path.join('modules', 'wallet', 'spend.functions.sql'),
      path.join('platform', 'flows.functions.sql'),
      path.join('platform', 'jobs.functions.sql'),
    ]);
    const expected = new Map(files.flatMap((file) => [...bodiesIn(readFileSync(file, 'utf8'))]));
    expect([...expected.keys()].sort()).toEqual([
      'collection_products_after_delete',
      'collection_products_after_insert',
      'customer_counts_after_delete',
      'customer_counts_after_insert',
      'customer_counts_after_truncate',
      'exit_dispatch_ship',
      'flow_run_checkpoint',
      'jobs_enqueue_many',
      'ledger_capture_hold',
      'ledger_claim',
      'ledger_daily_spend_after_insert',
      'ledger_entries_append_only',
      'ledger_place_hold',
      'ledger_post',
      'ledger_transaction_balanced',
      'ledger_transactions_immutable',
      'product_counts_after_delete',
      'product_counts_after_insert',
      'product_counts_after_truncate',
      'shipment_settle_purchase',
      'shipment_start_purchase',
      'shipments_made_daily_follow',
      'stock_append_only',
      'stock_apply',
      'stock_balances_guard',
      'stock_follow_reservation',
      'stock_key_of',
      'stock_location_open',
      'stock_move',
      'stock_refuse',
      'tariff_fraction_words_refresh',
    ]);
    const { rows } = await db.$client.query<{ name: string; body: string }>(
      `select proname as name, prosrc as body from pg_proc
        where pronamespace = 'public'::regnamespace and proname = any($1)`,
      [[...expected.keys()]],
    );
    expect(new Map(rows.map((row) => [row.name, row.body]))).toEqual(expected);
  });

  describe('applied from a folder', () => {
    let root: string;
    const probe = async () =>
      (await db.$client.query<{ value: number }>('select despacho_probe() as value')).rows[0]!
        .value;
    const write = (file: string, value: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(
        path.join(root, file),
        `CREATE OR REPLACE FUNCTION despacho_probe() RETURNS int LANGUAGE sql AS $$ SELECT ${value} $$;\n`,
      );
    };
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'despacho-functions-'));
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('replace a function in place on every run: its change is the file’s diff', async () => {
      write('probe/probe.functions.sql', '1');
      await applyDatabaseFunctions(db.$client, root);
      expect(await probe()).toBe(1);
      write('probe/probe.functions.sql', '2');
      await applyDatabaseFunctions(db.$client, root);
      expect(await probe()).toBe(2);
    });

    it('change nothing when one file is broken', async () => {
      write('probe/probe.functions.sql', '3');
      writeFileSync(
        path.join(root, 'probe', 'zz-broken.functions.sql'),
        'CREATE OR REPLACE nonsense;',
      );
      await expect(applyDatabaseFunctions(db.$client, root)).rejects.toThrow();
      expect(await probe()).toBe(2);
    });
  });
});
