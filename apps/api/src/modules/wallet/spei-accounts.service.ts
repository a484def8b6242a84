import { clabeCheckDigit, MEXICAN_BANKS, type SpeiAccount } from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { AccountsService } from '../accounts';
import * as repository from './spei-accounts.repository';

/** The receiving CLABE's 7 digits of account number, after the configured 10-digit prefix. */
const ACCOUNT_DIGITS = 7;
const MAX_ACCOUNT_NUMBER = 10 ** ACCOUNT_DIGITS - 1;

/** Whose transfers Despacho's SPEI bank account receives: the name on every receiving CLABE. */
export const SPEI_BENEFICIARY = 'Despacho';

/** The CLABE of account `number` under `prefix` (bank, plaza, Despacho's range), check digit included. */
export function receivingClabe(prefix: string, number: number): string {
  if (!Number.isSafeInteger(number) || number < 1 || number > MAX_ACCOUNT_NUMBER) {
    throw new Error(`SPEI account numbers run out at ${MAX_ACCOUNT_NUMBER}, got ${number}`);
  }
  const first17 = `${prefix}${String(number).padStart(ACCOUNT_DIGITS, '0')}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

export interface SpeiAccountsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'SPEI_CLABE_PREFIX' | 'NODE_ENV'>;
  accounts: AccountsService;
}

/**
 * Each organization's receiving CLABE: a virtual account at Despacho's SPEI bank (STP) that
 * only its transfers reach, so a transfer that arrives says by itself whom to credit. Assigned
 * the first time it is asked for; never changes.
 */
export class SpeiAccountsService {
  constructor(private readonly deps: SpeiAccountsDeps) {}

  /**
   * The organization's CLABE, assigning one on first use. Two first requests at once both draw
   * a number; the first insert wins and both answer its CLABE (the other number goes unused).
   */
  async clabeOf(organizationId: string, db: DbOrTx = this.deps.db): Promise<string> {
    const existing = await repository.findByOrganization(db, organizationId);
    if (existing) return existing.clabe;
    const number = await repository.nextAccountNumber(db);
    await repository.insertIfAbsent(db, {
      organizationId,
      clabe: receivingClabe(this.deps.config.SPEI_CLABE_PREFIX, number),
      createdAt: this.deps.clock.now(),
    });
    const assigned = await repository.findByOrganization(db, organizationId);
    return assigned!.clabe;
  }

  /** What the deposits screen shows: where to send the transfer and to whom. */
  async accountOf(organizationId: string): Promise<SpeiAccount> {
    const [clabe, names] = await Promise.all([
      this.clabeOf(organizationId),
      this.deps.accounts.organizationNames([organizationId]),
    ]);
    const company = names.get(organizationId);
    return {
      clabe,
      bank_name: MEXICAN_BANKS[clabe.slice(0, 3)] ?? MEXICAN_BANKS['646']!,
      beneficiary: company ? `${SPEI_BENEFICIARY} - ${company}` : SPEI_BENEFICIARY,
      sandbox: this.deps.config.NODE_ENV !== 'production',
    };
  }

  /**
   * The organization a receiving CLABE belongs to, or null: how an incoming SPEI transfer
   * (bank reconciliation) finds whom to credit.
   */
  async organizationOfClabe(clabe: string, db: DbOrTx = this.deps.db): Promise<string | null> {
    const row = await repository.findByClabe(db, clabe.replace(/[\s-]/g, ''));
    return row?.organizationId ?? null;
  }
}
