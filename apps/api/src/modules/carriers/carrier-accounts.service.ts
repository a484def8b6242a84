import {
  CARRIER_ACCOUNT_KEYS,
  carrierByKey,
  isCarrierAccountKey,
  localizeIssue,
  type CarrierAccount,
  type CarrierAccountKey,
  type CarrierAccountUpdate,
  type CarrierMode,
  type Language,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { CredentialsCipher } from '../../platform/credentials-cipher';
import type {
  CarrierAccountResolver,
  CarrierCredentials,
  LiveCarrierKey,
} from './carrier-accounts';
import * as repository from './carrier-accounts.repository';
import type { CarrierAccountRow } from './carrier-accounts.repository';

export type CarrierAccountsConfig = Pick<
  Config,
  | 'DHL_EXPRESS_MODE'
  | 'DHL_EXPRESS_API_KEY'
  | 'DHL_EXPRESS_API_SECRET'
  | 'DHL_EXPRESS_ACCOUNT_NUMBER'
  | 'FEDEX_MODE'
  | 'FEDEX_CLIENT_ID'
  | 'FEDEX_CLIENT_SECRET'
  | 'FEDEX_ACCOUNT_NUMBER'
>;

/** Each carrier's mode and the platform's negotiated account, as configuration gives them. */
function platformOf(config: CarrierAccountsConfig, carrier: CarrierAccountKey) {
  return carrier === 'dhl_express'
    ? {
        mode: config.DHL_EXPRESS_MODE,
        accountNumber: config.DHL_EXPRESS_ACCOUNT_NUMBER,
        key: config.DHL_EXPRESS_API_KEY,
        secret: config.DHL_EXPRESS_API_SECRET,
      }
    : {
        mode: config.FEDEX_MODE,
        accountNumber: config.FEDEX_ACCOUNT_NUMBER,
        key: config.FEDEX_CLIENT_ID,
        secret: config.FEDEX_CLIENT_SECRET,
      };
}

/** The associated data of a row's sealed credentials: they open on no other row. */
const sealedFor = (organizationId: string, carrier: CarrierAccountKey) =>
  `carrier_account:${organizationId}:${carrier}`;

/** What is sealed of an own account (a type, so the cipher takes it as a record). */
type Sealed = { key: string; secret: string };

/** What the audit log keeps of an account: never its key or secret. */
const snapshot = (row: CarrierAccountRow | undefined) =>
  row
    ? {
        choice: row.choice,
        account_number: row.accountNumber,
        secret_last4: row.secretLast4,
      }
    : null;

/**
 * The accounts real carriers are called with (decision 036). Each organization chooses, per
 * carrier reached through its own API, the platform's negotiated account (from configuration)
 * or its own (connected in `settings/carriers`, its key and secret sealed at rest with the
 * stores' cipher). While a carrier is in `sandbox` mode nothing reaches it and no account
 * applies. The secret is write-only: the screen sees its last 4 characters and when it was set.
 */
export class CarrierAccounts implements CarrierAccountResolver {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: CarrierAccountsConfig;
      audit: AuditLog;
      cipher: CredentialsCipher;
    },
  ) {}

  /** The carrier's mode: `sandbox` unless configuration switched it on. */
  modeOf(carrier: CarrierAccountKey): CarrierMode {
    return platformOf(this.deps.config, carrier).mode;
  }

  /**
   * The organization's own account when it chose it, else the platform's; null in sandbox mode
   * (or with no platform account configured, which the start-up check prevents).
   */
  async credentialsFor(
    organizationId: string,
    carrier: LiveCarrierKey,
  ): Promise<CarrierCredentials | null> {
    const platform = platformOf(this.deps.config, carrier);
    if (platform.mode === 'sandbox') return null;
    const row = await repository.accountOf(this.deps.db, organizationId, carrier);
    if (row?.choice === 'own' && row.sealedCredentials && row.accountNumber) {
      const { key, secret } = this.opened(organizationId, carrier, row.sealedCredentials);
      return { source: 'organization', accountNumber: row.accountNumber, key, secret };
    }
    if (!platform.accountNumber || !platform.key || !platform.secret) return null;
    const { accountNumber, key, secret } = platform;
    return { source: 'platform', accountNumber, key, secret };
  }

  async list(organizationId: string): Promise<CarrierAccount[]> {
    const rows = await repository.accountsOf(this.deps.db, organizationId);
    return CARRIER_ACCOUNT_KEYS.map((carrier) =>
      this.view(
        organizationId,
        carrier,
        rows.find((row) => row.carrierKey === carrier),
      ),
    );
  }

  /**
   * Chooses the account; with `own`, the account given (a secret left out keeps the stored one,
   * refused when none is). Refused while the carrier is in sandbox mode.
   */
  async update(
    organizationId: string,
    actorId: string,
    key: string,
    input: CarrierAccountUpdate,
    language: Language,
  ): Promise<CarrierAccount> {
    const carrier = this.carrierOf(key);
    if (this.modeOf(carrier) === 'sandbox' && input.choice === 'own') {
      throw new AppError(
        'VALIDATION_FAILED',
        {},
        { choice: localizeIssue({ message: 'carrier_account_sandbox' }, language) },
      );
    }
    const now = this.deps.clock.now();
    const saved = await this.deps.db.transaction(async (tx) => {
      const before = await repository.accountOf(tx, organizationId, carrier, true);
      const row = this.changed(organizationId, carrier, before, input, now, language);
      await repository.saveAccount(tx, row);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'carrier_account.update',
        subjectType: 'carrier_account',
        subjectId: carrier,
        organizationId,
        before: snapshot(before),
        after: snapshot(row),
      });
      return row;
    });
    return this.view(organizationId, carrier, saved);
  }

  /** Erases the organization's own account: its guides are bought with the platform's again. */
  async remove(organizationId: string, actorId: string, key: string): Promise<CarrierAccount> {
    const carrier = this.carrierOf(key);
    await this.deps.db.transaction(async (tx) => {
      const before = await repository.accountOf(tx, organizationId, carrier, true);
      if (!before) return;
      await repository.deleteAccount(tx, organizationId, carrier);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'carrier_account.remove',
        subjectType: 'carrier_account',
        subjectId: carrier,
        organizationId,
        before: snapshot(before),
        after: null,
      });
    });
    return this.view(organizationId, carrier, undefined);
  }

  private carrierOf(key: string): CarrierAccountKey {
    if (!isCarrierAccountKey(key)) throw notFound();
    return key;
  }

  /** The row after the change: the own account sealed anew when given, else kept. */
  private changed(
    organizationId: string,
    carrier: CarrierAccountKey,
    before: CarrierAccountRow | undefined,
    input: CarrierAccountUpdate,
    now: Date,
    language: Language,
  ): CarrierAccountRow {
    const kept = {
      accountNumber: before?.accountNumber ?? null,
      sealedCredentials: before?.sealedCredentials ?? null,
      secretLast4: before?.secretLast4 ?? null,
      secretSetAt: before?.secretSetAt ?? null,
    };
    if (input.choice === 'platform') {
      return { organizationId, carrierKey: carrier, choice: 'platform', ...kept, updatedAt: now };
    }
    const stored = before?.sealedCredentials
      ? this.opened(organizationId, carrier, before.sealedCredentials)
      : null;
    const secret = input.secret ?? stored?.secret;
    if (!secret) {
      throw new AppError(
        'VALIDATION_FAILED',
        {},
        { secret: localizeIssue({ message: 'required' }, language) },
      );
    }
    const sealed: Sealed = { key: input.key, secret };
    return {
      organizationId,
      carrierKey: carrier,
      choice: 'own',
      accountNumber: input.account_number,
      sealedCredentials: this.deps.cipher.seal(sealedFor(organizationId, carrier), sealed),
      secretLast4: input.secret ? input.secret.slice(-4) : kept.secretLast4,
      secretSetAt: input.secret ? now : kept.secretSetAt,
      updatedAt: now,
    };
  }

  private opened(organizationId: string, carrier: CarrierAccountKey, sealed: string): Sealed {
    return this.deps.cipher.open<Sealed>(sealedFor(organizationId, carrier), sealed);
  }

  private view(
    organizationId: string,
    carrier: CarrierAccountKey,
    row: CarrierAccountRow | undefined,
  ): CarrierAccount {
    const own =
      row?.sealedCredentials && row.accountNumber && row.secretLast4 && row.secretSetAt
        ? {
            account_number: row.accountNumber,
            key: this.opened(organizationId, carrier, row.sealedCredentials).key,
            secret_last4: row.secretLast4,
            secret_set_at: row.secretSetAt.toISOString(),
          }
        : null;
    return {
      carrier_key: carrier,
      carrier_name: carrierByKey(carrier)?.name ?? carrier,
      mode: this.modeOf(carrier),
      choice: own ? (row?.choice ?? 'platform') : 'platform',
      own,
    };
  }
}
