import { AppError } from './errors';

/**
 * PostgreSQL errors that carry a business meaning. Drizzle wraps the driver's error, so the
 * SQLSTATE is looked for along the `cause` chain.
 */
function sqlState(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const pg = cause as { code?: string; constraint?: string };
    if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) return pg;
  }
  return undefined;
}

/** A unique index refused the row; with `constraint`, only that index counts. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = sqlState(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/**
 * A foreign key refused the change: on delete, another row still references this one
 * (23001 for ON DELETE RESTRICT, 23503 for the default NO ACTION).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = sqlState(error)?.code;
  return code === '23001' || code === '23503';
}

/**
 * PostgreSQL refused text it cannot hold: a NUL character (22021 in `text`, 22P05 in `jsonb`).
 * Requests are checked before any route (text-input.ts, multipart.ts); this catches what a
 * route parses itself, such as a signed webhook's body.
 */
export function isInvalidText(error: unknown): boolean {
  const code = sqlState(error)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Runs a delete, answering RECORD_IN_USE (409) when another record references the row.
 * Tables that point at a record someone may delete declare `onDelete: 'restrict'`, so the
 * database refuses and nothing is left dangling; the caller's transaction rolls back whole.
 */
export async function deleteUnlessReferenced<T>(remove: () => Promise<T>): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('RECORD_IN_USE');
    throw error;
  }
}

/**
 * The JSON a PL/pgSQL function put in DETAIL when it raised `code` (e.g. stock_apply's SK001),
 * or null when the error is another one.
 */
export function raisedDetail(error: unknown, code: string): Record<string, unknown> | null {
  const pg = sqlState(error) as { code?: string; detail?: string } | undefined;
  if (pg?.code !== code) return null;
  try {
    return JSON.parse(pg.detail ?? '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}
