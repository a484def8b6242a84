import {
  isSatUnitCode,
  SAT_COMMON_UNITS,
  SAT_UNIT_SEARCH_LIMIT,
  type SatUnit,
  type SatUnitsAnswer,
} from '@despacho/domain';
import type { Db } from '../../platform/db';
import { searchWords } from './csv-catalog';
import * as repository from './sat-units.repository';

/** At most this many words of a search are used (each narrows the matches). */
const MAX_WORDS = 8;

/** Text that could be a key, or its start: up to 3 letters or digits. */
const KEY_PREFIX = /^[A-Za-z0-9]{1,3}$/;

export function satUnitQuery(text: string): repository.SatUnitQuery {
  const trimmed = text.trim();
  return {
    codePrefix: KEY_PREFIX.test(trimmed) ? trimmed.toUpperCase() : null,
    words: searchWords(text).split(' ').filter(Boolean).slice(0, MAX_WORDS),
  };
}

/**
 * The search of the repository over a list in memory (the built-in common units): the same
 * matches in the same order, so the field behaves alike with and without the catalogue.
 */
export function rankSatUnits(units: readonly SatUnit[], query: repository.SatUnitQuery): SatUnit[] {
  const prefix = query.codePrefix;
  const [first = ''] = query.words;
  const ranked = units.flatMap((unit) => {
    const code = unit.code.toUpperCase();
    const text = searchWords(unit.name);
    const byCode = prefix !== null && code.startsWith(prefix);
    const byName =
      query.words.length > 0 && query.words.every((word) => ` ${text}`.includes(` ${word}`));
    if (!byCode && !byName) return [];
    // Sort keys, as the repository's ORDER BY: false sorts before true, so "not" comes first.
    const keys = [code !== prefix, !byCode, !text.startsWith(first), unit.name.length] as const;
    return [{ unit: { code: unit.code, name: unit.name }, keys }];
  });
  ranked.sort((a, b) => {
    for (let index = 0; index < a.keys.length; index += 1) {
      const difference = Number(a.keys[index]) - Number(b.keys[index]);
      if (difference !== 0) return difference;
    }
    return a.unit.code < b.unit.code ? -1 : a.unit.code > b.unit.code ? 1 : 0;
  });
  return ranked.slice(0, SAT_UNIT_SEARCH_LIMIT).map(({ unit }) => unit);
}

/**
 * Lookups in SAT's unit catalogue (c_ClaveUnidad), the unit key of every product of a Carta
 * Porte waybill. Until the catalogue is imported, the built-in common units stand in for the
 * search and any well-formed key is accepted.
 */
export class SatUnitsService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * Up to 20 keys: text that could be a key matches keys by prefix, whatever its case ("h8" →
   * H87); any text matches names word by word by prefix, without accents ("metro cuad" →
   * Metro cuadrado). Exact key first, then other keys, then names.
   */
  async search(text: string): Promise<SatUnitsAnswer> {
    const query = satUnitQuery(text);
    const rows = await repository.search(this.deps.db, query);
    if (rows.length > 0 || (await repository.isLoaded(this.deps.db))) {
      return { data: rows, meta: { catalogue_loaded: true } };
    }
    return { data: rankSatUnits(SAT_COMMON_UNITS, query), meta: { catalogue_loaded: false } };
  }

  /**
   * The keys of `codes` a waybill may not use, each once, in the order given: once the catalogue
   * is imported, those it does not hold (compared exactly); while it is empty, those that are not
   * shaped like a key.
   */
  async unknownCodes(codes: string[]): Promise<string[]> {
    const unique = [...new Set(codes)];
    if (unique.length === 0) return [];
    const { known, loaded } = await repository.knownCodes(this.deps.db, unique);
    if (!loaded) return unique.filter((code) => !isSatUnitCode(code));
    const held = new Set(known);
    return unique.filter((code) => !held.has(code));
  }
}
