import type { QuoteStatus } from '@despacho/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { quotes } from './quotes.tables';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteValues = Omit<QuoteRow, 'id' | 'status'>;

/**
 * One statement, committed asynchronously: `set_config(…, true)` turns `synchronous_commit` off
 * for this statement's own transaction, so the answer does not wait for the WAL flush (p50
 * 2–4 ms against 0.5 ms on the bench machine; docs/benchmarks.md, "Quotes"). A quote is
 * re-creatable: a crash in the next few hundred milliseconds may lose it (the purchase then
 * answers NOT_FOUND and the merchant quotes again), never half of it, and any later synchronous
 * commit (a purchase referencing it) flushes it first.
 */
const INSERT_SQL = `insert into quotes (organization_id, created_by, origin_zip, destination_zip,
                    parcels, rates, unavailable, created_at, expires_at,
                    origin_country, destination_country)
select $1::uuid, $2::uuid, $3::text, $4::text, $5::jsonb, $6::jsonb, $7::jsonb,
       $8::timestamptz, $9::timestamptz, $10::text, $11::text
  from (select set_config('synchronous_commit', 'off', true)) as asynchronous_commit
returning id`;

export async function insertQuote(db: Db, values: QuoteValues): Promise<QuoteRow> {
  const result = await db.$client.query<{ id: string }>({
    name: 'insert_quote',
    text: INSERT_SQL,
    values: [
      values.organizationId,
      values.createdBy,
      values.originZip,
      values.destinationZip,
      JSON.stringify(values.parcels),
      JSON.stringify(values.rates),
      JSON.stringify(values.unavailable),
      values.createdAt.toISOString(),
      values.expiresAt.toISOString(),
      values.originCountry,
      values.destinationCountry,
    ],
  });
  return { ...values, id: result.rows[0]!.id, status: 'quote' };
}

export async function findQuote(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.organizationId, organizationId), eq(quotes.id, id)));
  return row;
}

/**
 * Moves a quote to `status`; with `from`, only when it is in one of those statuses (so two
 * purchases cannot both take it). Answers whether it moved.
 */
export async function updateQuoteStatus(
  db: DbOrTx,
  organizationId: string,
  id: string,
  status: QuoteStatus,
  from?: readonly QuoteStatus[],
): Promise<boolean> {
  const conditions = [eq(quotes.organizationId, organizationId), eq(quotes.id, id)];
  if (from) conditions.push(inArray(quotes.status, [...from]));
  const rows = await db
    .update(quotes)
    .set({ status })
    .where(and(...conditions))
    .returning({ id: quotes.id });
  return rows.length > 0;
}
