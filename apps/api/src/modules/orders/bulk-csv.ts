import {
  BULK_CSV_HEADERS,
  BULK_LABELS_MAX,
  type BulkCsvView,
  type ErrorCode,
} from '@despacho/domain';
import { parseCsv } from '../../platform/csv';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repository from './orders.repository';

/** A header as compared: trimmed, lower case, without accents. */
const headerKey = (text: string) =>
  text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A number as `findByNumberKeys` compares it: lower case, without its leading `#`. */
const numberKey = (text: string) => text.trim().toLowerCase().replace(/^#+/, '');

const HEADER_KEYS = new Set<string>(BULK_CSV_HEADERS.map(headerKey));

/** The file's numbers with their lines; a file that cannot be one is refused whole. */
function numbersIn(content: Buffer): { row: number; number: string }[] {
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
  if (rest.length === 0) throw new AppError('BULK_CSV_EMPTY');
  if (rest.length > BULK_LABELS_MAX) {
    throw new AppError('BULK_CSV_TOO_MANY', { count: rest.length, max: BULK_LABELS_MAX });
  }
  return rest.map((record) => ({ row: record.line, number: (record.fields[column] ?? '').trim() }));
}

/**
 * The orders a CSV of numbers names, within the organization (another's numbers are unknown
 * here): every row answered, with its order or the reason it is left out, so nothing the
 * merchant listed disappears silently. Writes nothing; the run starts from `order_ids`.
 */
export async function resolveBulkCsv(
  db: DbOrTx,
  organizationId: string,
  content: Buffer,
): Promise<BulkCsvView> {
  const numbers = numbersIn(content);
  const keys = [...new Set(numbers.map(({ number }) => numberKey(number)).filter(Boolean))];
  const byKey = new Map<string, Awaited<ReturnType<typeof repository.findByNumberKeys>>>();
  for (const order of await repository.findByNumberKeys(db, organizationId, keys)) {
    byKey.set(order.key, [...(byKey.get(order.key) ?? []), order]);
  }
  const taken = new Set<string>();
  const rows = numbers.map(({ row, number }) => {
    const found = byKey.get(numberKey(number)) ?? [];
    const order = found.length === 1 ? found[0]! : null;
    let error: ErrorCode | null = null;
    if (found.length === 0) error = 'BULK_CSV_ORDER_UNKNOWN';
    else if (!order) error = 'BULK_CSV_ORDER_AMBIGUOUS';
    else if (order.status === 'cancelled') error = 'ORDER_CANCELLED';
    else if (order.fulfillmentState === 'fulfilled') error = 'BULK_CSV_ORDER_FULFILLED';
    else if (taken.has(order.id)) error = 'BULK_CSV_ORDER_REPEATED';
    if (order && !error) taken.add(order.id);
    return { row, number, order_id: error ? null : order!.id, error };
  });
  return { rows, order_ids: [...taken] };
}
