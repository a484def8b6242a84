import { SAT_UNIT_SEARCH_LIMIT } from '@despacho/domain';
import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { satUnitCodes } from './sat-units.tables';

export type SatUnitView = { code: string; name: string };

/** What a search asks for: keys starting with `codePrefix` (upper case), or names with `words`. */
export interface SatUnitQuery {
  codePrefix: string | null;
  /** Normalized by `searchWords`: only [a-z0-9], so they are safe inside a LIKE pattern. */
  words: string[];
}

/**
 * Keys that start with the prefix (whatever their case: SAT publishes "Ohm"), or whose name has
 * a word starting with each of the words. Ranked like `rankSatUnits` in the service: the exact
 * key, other keys by prefix, names that start with the first word, shorter names, the key. The
 * catalogue is a few thousand rows, so a scan is enough.
 */
export async function search(db: DbOrTx, query: SatUnitQuery): Promise<SatUnitView[]> {
  const code = sql`upper(${satUnitCodes.code})`;
  const conditions: SQL[] = [];
  if (query.codePrefix) conditions.push(sql`${code} like ${`${query.codePrefix}%`}`);
  if (query.words.length > 0) {
    conditions.push(
      and(
        ...query.words.map((word) => sql`(' ' || ${satUnitCodes.searchText}) like ${`% ${word}%`}`),
      )!,
    );
  }
  if (conditions.length === 0) return [];
  return db
    .select({ code: satUnitCodes.code, name: satUnitCodes.name })
    .from(satUnitCodes)
    .where(or(...conditions))
    .orderBy(
      desc(sql`${code} = ${query.codePrefix ?? ''}`),
      desc(sql`${code} like ${`${query.codePrefix ?? ''}%`}`),
      desc(sql`starts_with(${satUnitCodes.searchText}, ${query.words[0] ?? ''})`),
      asc(sql`length(${satUnitCodes.name})`),
      asc(satUnitCodes.code),
    )
    .limit(SAT_UNIT_SEARCH_LIMIT);
}

/** Whether any catalogue has been imported at all. */
export async function isLoaded(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(satUnitCodes)
    .limit(1);
  return rows.length > 0;
}

/** In one query: which of `codes` the catalogue holds (exactly), and whether it is loaded. */
export async function knownCodes(
  db: DbOrTx,
  codes: string[],
): Promise<{ known: string[]; loaded: boolean }> {
  const [row] = await db
    .execute<{ known: string[]; loaded: boolean }>(
      sql`select array(select ${satUnitCodes.code} from ${satUnitCodes}
                       where ${satUnitCodes.code} = any(${sql.param(codes)}::text[])) as known,
               exists (select 1 from ${satUnitCodes}) as loaded`,
    )
    .then((result) => result.rows);
  return { known: row?.known ?? [], loaded: row?.loaded ?? false };
}
