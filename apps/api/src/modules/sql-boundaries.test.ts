import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crossings,
  ownerOfFile,
  SOURCE,
  sourceFiles,
  tableOwners,
} from './sql-boundaries.test-support';

/**
 * The reads of another module's tables that SQL may make, each with its reason (issue 21: as
 * few as possible). A write to another module's table is never allowed: it goes through that
 * module's SQL function or service.
 */
const ALLOWED_READS: Record<string, { tables: string[]; reason: string }> = {
  'modules/inventory/inventory.repository.ts': {
    tables: ['products', 'product_variants'],
    reason:
      'The inventory list filters, sorts and pages by product name and SKU in one query (every ' +
      'variant at each own location, stocked or not); asking products for them would page twice.',
  },
  'modules/exits/exits.verify.ts': {
    tables: ['stock_balances', 'stock_operations', 'stock_movements'],
    reason: 'An exit’s invariant: its lines match the stock movements it caused.',
  },
  'modules/orders/orders.verify.ts': {
    tables: ['stock_operations', 'stock_movements'],
    reason: 'An order’s invariant: its lines’ reservation matches the stock movements it caused.',
  },
  'modules/shipments/shipments.verify.ts': {
    tables: ['stock_operations', 'ledger_holds'],
    reason: 'A guide’s invariants: its reservation and its hold follow its purchase.',
  },
  'modules/embarques/embarques.verify.ts': {
    tables: ['ledger_transactions'],
    reason:
      'An embarque’s invariant: each paid request is its ledger debit, its refunds the ledger’s.',
  },
  'platform/metrics.ts': {
    tables: ['ledger_transactions'],
    reason: 'The /metrics scrape counts postings by kind; platform may not import the wallet.',
  },
};

/** Every crossing of the tree that breaks the rule: a write, or a read not listed. */
function violations(file: string, source: string, owners: ReadonlyMap<string, string>) {
  const module = ownerOfFile(file);
  if (!module) return [];
  const allowed = ALLOWED_READS[path.relative(SOURCE, file).split(path.sep).join('/')];
  return crossings(file, module, source, owners)
    .filter((use) => use.write || !allowed?.tables.includes(use.table))
    .map((use) => `${use.write ? 'writes' : 'reads'} ${use.table} (${use.owner}): ${use.module}`)
    .sort();
}

describe('SQL boundaries: a module’s SQL writes only its own tables', () => {
  const files = sourceFiles();
  const owners = tableOwners(files);

  it('knows who owns every table', () => {
    expect(owners.get('stock_balances')).toBe('inventory');
    expect(owners.get('ledger_holds')).toBe('wallet');
    expect(owners.get('shipments')).toBe('shipments');
    expect(owners.get('audit_log')).toBe('platform');
    expect(owners.size).toBeGreaterThan(60);
  });

  it('fails on a function file that writes another module’s table, or reads one unlisted', () => {
    const file = path.join(SOURCE, 'modules', 'shipments', 'fixture.functions.sql');
    const fixture = `
      CREATE OR REPLACE FUNCTION fixture() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        -- A comment naming UPDATE ledger_holds SET is no write.
        UPDATE ledger_holds SET status = 'captured' WHERE id = p_hold_id;
        INSERT INTO jobs (kind, payload) VALUES ('x', '{}');
        SELECT o.id INTO reserve_id FROM stock_operations o WHERE o.id = p_id;
        UPDATE shipments SET hold_id = NULL;
        PERFORM stock_move(p_org, 'reserve', 'shipment', p_id, NULL, NULL, NULL, now(), '[]');
      END;
      $$;`;
    expect(violations(file, fixture, owners)).toEqual([
      'reads stock_operations (inventory): shipments',
      'writes jobs (platform): shipments',
      'writes ledger_holds (wallet): shipments',
    ]);
  });

  it('fails on a repository whose raw SQL deletes another module’s rows', () => {
    const file = path.join(SOURCE, 'modules', 'exits', 'fixture.repository.ts');
    const fixture =
      'export const purge = (db: Db) =>\n' +
      '  db.execute(sql`delete from stock_movements where operation_id = ${id}`);\n';
    expect(violations(file, fixture, owners)).toEqual([
      'writes stock_movements (inventory): exits',
    ]);
  });

  it('holds for every *.functions.sql, repository and other SQL of the tree', () => {
    const found = files.flatMap((file) =>
      violations(file, readFileSync(file, 'utf8'), owners).map(
        (violation) => `${path.relative(SOURCE, file)} ${violation}`,
      ),
    );
    expect(found).toEqual([]);
    expect(files.filter((file) => file.endsWith('.functions.sql')).length).toBeGreaterThan(5);
    expect(files.filter((file) => file.endsWith('.repository.ts')).length).toBeGreaterThan(20);
  });

  it('lists no allowed read that no longer happens', () => {
    for (const [relative, { tables }] of Object.entries(ALLOWED_READS)) {
      const file = path.join(SOURCE, relative);
      const read = crossings(file, ownerOfFile(file)!, readFileSync(file, 'utf8'), owners).map(
        (use) => use.table,
      );
      expect(read.sort(), relative).toEqual([...tables].sort());
    }
  });
});
