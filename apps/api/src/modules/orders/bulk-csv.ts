import {
  BULK_CSV_HEADERS,
  BULK_CSV_STORE_HEADERS,
  BULK_LABELS_MAX,
  type BulkCsvView,
  type ErrorCode,
} from '@despacho/domain';
import { parseCsv } from '../../platform/csv';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repository from './orders.repository';
import type { StoreNames } from './orders.view';

/** A header as compared: trimmed, lower case, without accents. */
const headerKey = (text: string) =>
  text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A number as `findByNumberKeys` compares it: lower case, without its leading `#`. */
const numberKey = (text: string) => text.trim().toLowerCase().replace(/^#+/, '');

/** A store as compared: its name or platform without case, accents, spaces or punctuation. */
const storeKey = (text: string) => headerKey(text).replace(/[^\p{L}\p{N}]/gu, '');

const HEADER_KEYS = new Set<string>(BULK_CSV_HEADERS.map(headerKey));
const STORE_HEADER_KEYS = new Set<string>(BULK_CSV_STORE_HEADERS.map(headerKey));

/**
 * The file's numbers with their lines and the store cell, if the file has that column; a file
 * that cannot be one is refused whole.
 */
function numbersIn(content: Buffer): { row: number; number: string; store: string }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw new AppError('BULK_CSV_UNREADABLE');
  }
  const records = parseCsv(text);
  if (!Array.isArray(records)) throw new AppError('BULK_CSV_UNREADABLE');
  const [header, ...rest] = records;
  const column = header?.fields.findIndex((name) => HEADER_KEYS.has(headerKey(name))) ?? -1;
  if (column < 0) throw new AppError('BULK_CSV_HEADER');
  const storeColumn = header!.fields.findIndex((name) => STORE_HEADER_KEYS.has(headerKey(name)));
  if (rest.length === 0) throw new AppError('BULK_CSV_EMPTY');
  if (rest.length > BULK_LABELS_MAX) {
    throw new AppError('BULK_CSV_TOO_MANY', { count: rest.length, max: BULK_LABELS_MAX });
  }
  return rest.map((record) => ({
    row: record.line,
    number: (record.fields[column] ?? '').trim(),
    store: storeColumn < 0 ? '' : storeKey(record.fields[storeColumn] ?? ''),
  }));
}

type Candidate = Awaited<ReturnType<typeof repository.findByNumberKeys>>[number];

/**
 * The orders a CSV of numbers names, within the organization (another's numbers are unknown
 * here): every row answered, with its order or the reason it is left out, so nothing the
 * merchant listed disappears silently. A row's store cell, when written, keeps the orders of
 * the stores so named or of that platform (typed orders: «manual»). Writes nothing; the run
 * starts from `order_ids`.
 */
export async function resolveBulkCsv(
  db: DbOrTx,
  organizationId: string,
  content: Buffer,
  storeNames: (rows: { storeId: string | null }[]) => Promise<StoreNames>,
): Promise<BulkCsvView> {
  const numbers = numbersIn(content);
  const keys = [...new Set(numbers.map(({ number }) => numberKey(number)).filter(Boolean))];
  const found = await repository.findByNumberKeys(db, organizationId, keys);
  const byKey = new Map<string, Candidate[]>();
  for (const order of found) byKey.set(order.key, [...(byKey.get(order.key) ?? []), order]);
  const stores: StoreNames = numbers.some(({ store }) => store)
    ? await storeNames(found)
    : new Map();
  const inStore = (order: Candidate, store: string) => {
    const named = order.storeId ? stores.get(order.storeId) : undefined;
    const platform = order.storeId ? named?.platform : 'manual';
    return store === platform || (named !== undefined && storeKey(named.name) === store);
  };
  const taken = new Set<string>();
  const rows = numbers.map(({ row, number, store }) => {
    const candidates = byKey.get(numberKey(number)) ?? [];
    const matching = store ? candidates.filter((order) => inStore(order, store)) : candidates;
    const order = matching.length === 1 ? matching[0]! : null;
    let error: ErrorCode | null = null;
    if (candidates.length === 0) error = 'BULK_CSV_ORDER_UNKNOWN';
    else if (matching.length === 0) error = 'BULK_CSV_ORDER_NOT_IN_STORE';
    else if (!order) error = 'BULK_CSV_ORDER_AMBIGUOUS';
    else if (order.status === 'cancelled') error = 'ORDER_CANCELLED';
    // Mercado Envíos (`me2`) orders are Mercado Libre's to ship: said here, not mid-run.
    else if (order.shippedByPlatform) error = 'ORDER_SHIPPED_BY_PLATFORM';
    else if (order.fulfillmentState === 'fulfilled') error = 'BULK_CSV_ORDER_FULFILLED';
    else if (taken.has(order.id)) error = 'BULK_CSV_ORDER_REPEATED';
    if (order && !error) taken.add(order.id);
    return { row, number, order_id: error ? null : order!.id, error };
  });
  return { rows, order_ids: [...taken] };
}
