import type { PostalCode } from '@despacho/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repository from './postal-codes.repository';

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * The city most of the settlements name. SEPOMEX lists the city on some settlements of a
 * postal code and leaves it empty on others (196 postal codes in the October 2024 file).
 */
function mainCity(rows: repository.SettlementRow[]): string {
  const counts = new Map<string, number>();
  for (const { city } of rows) if (city) counts.set(city, (counts.get(city) ?? 0) + 1);
  let best = '';
  for (const [city, count] of counts) if (count > (counts.get(best) ?? 0)) best = city;
  return best;
}

/** Lookups in the SEPOMEX postal-code catalogue. */
export class PostalCodesService {
  constructor(private readonly deps: { db: Db }) {}

  async lookup(zip: string): Promise<PostalCode> {
    const rows = await repository.findSettlements(this.deps.db, zip);
    const first = rows[0];
    if (!first) {
      if (!(await repository.isLoaded(this.deps.db))) throw new AppError('POSTAL_CODES_NOT_LOADED');
      throw new AppError('POSTAL_CODE_NOT_FOUND', { zip });
    }
    return {
      zip,
      state: first.state,
      state_code: first.stateCode,
      municipality: first.municipality,
      city: mainCity(rows),
      neighborhoods: rows
        .map((row) => ({ name: row.name, type: row.settlementType, zone: row.zone }))
        .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.type, b.type)),
    };
  }

  /** Whether every settlement of a known postal code is rural: carriers' extended zones. */
  allSettlementsRural(zip: string): Promise<boolean> {
    return repository.allSettlementsRural(this.deps.db, zip);
  }
}
