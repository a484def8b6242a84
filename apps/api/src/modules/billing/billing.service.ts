import {
  type CancellationMotive,
  depositBreakdown,
  INVOICE_SERIES,
  splitVat,
  type InvoiceKind,
  type InvoicesQuery,
  type InvoiceView,
  type PageMeta,
  type StaffInvoicesQuery,
  type StaffInvoiceView,
} from '@despacho/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import { notFound } from '../../platform/errors';
import type { AccountDetailsService, AccountsService } from '../accounts';
import type { DepositRow } from '../wallet';
import { buildCfdi, GENERAL_PUBLIC, type CfdiInput, type CfdiParty } from './cfdi';
import { validateCfdi } from './cfdi-schema';
import * as repository from './billing.repository';
import type { InvoiceRow } from './billing.repository';
import { invoicePdf } from './invoice-pdf';
import {
  SandboxPac,
  UNSEALED,
  withoutFiscalValidity,
  type CancellationStatus,
  type Pac,
} from './pac';

type IssuerConfig = Pick<
  Config,
  'CFDI_ISSUER_RFC' | 'CFDI_ISSUER_NAME' | 'CFDI_ISSUER_REGIME' | 'CFDI_ISSUER_ZIP'
>;

/** The sandbox issuer (SAT's test taxpayer), used when no configuration is at hand. */
const SANDBOX_ISSUER: IssuerConfig = {
  CFDI_ISSUER_RFC: 'EKU9003173C9',
  CFDI_ISSUER_NAME: 'ESCUELA KEMPER URGATE',
  CFDI_ISSUER_REGIME: '601',
  CFDI_ISSUER_ZIP: '42501',
};

export function issuerOf(config?: Partial<IssuerConfig>): CfdiParty {
  return {
    rfc: config?.CFDI_ISSUER_RFC ?? SANDBOX_ISSUER.CFDI_ISSUER_RFC,
    name: config?.CFDI_ISSUER_NAME ?? SANDBOX_ISSUER.CFDI_ISSUER_NAME,
    regime: config?.CFDI_ISSUER_REGIME ?? SANDBOX_ISSUER.CFDI_ISSUER_REGIME,
    zip: config?.CFDI_ISSUER_ZIP ?? SANDBOX_ISSUER.CFDI_ISSUER_ZIP,
  };
}

export interface InvoiceDepositDeps {
  clock: Clock;
  /** The receiver: the organization's tax information. */
  accountDetails: Pick<AccountDetailsService, 'taxInfo'>;
  /** The API's configuration (the issuer); SAT's test taxpayer without it. */
  config?: Partial<IssuerConfig>;
  /** The configured PAC; the sandbox without it. */
  pac?: Pac;
  /** Where a remote PAC's stamping is queued, to run after the caller's transaction commits. */
  jobs?: Pick<Jobs, 'enqueue'>;
}

/** Stamps one invoice with a remote PAC, after the transaction that created it committed. */
export const STAMP_INVOICE_JOB = 'billing.stamp_invoice';
export const stampInvoicePayload = z.object({
  organization_id: z.string().uuid(),
  invoice_id: z.string().uuid(),
});

function cfdiInputOf(row: InvoiceRow, reference: string | null): CfdiInput {
  return {
    series: row.series,
    folio: row.folio,
    kind: row.kind as InvoiceKind,
    issuedAt: row.createdAt,
    paymentForm: row.paymentForm,
    issuer: {
      rfc: row.issuerRfc,
      name: row.issuerName,
      regime: row.issuerRegime,
      zip: row.issuerZip,
    },
    receiver: {
      rfc: row.receiverRfc,
      name: row.receiverName,
      regime: row.receiverRegime,
      zip: row.receiverZip,
      use: row.receiverUse,
    },
    subtotal: row.subtotal,
    vat: row.vat,
    total: row.total,
    reference,
  };
}

/**
 * Stamps one invoice with the PAC and records the result. The document is first built from the
 * row and validated against SAT's schema: one the schema refuses is never sent (decision 035).
 * The PAC's stamped XML is validated too; it is what SAT holds, so a refusal there is logged
 * for staff and the document kept. A failure never throws: the row is marked `failed` with the
 * reason and a later retry stamps it again (the invoice's id is the PAC's idempotency key, so a
 * retry never stamps twice).
 */
async function stamp(db: DbOrTx, row: InvoiceRow, pac: Pac, now: Date): Promise<InvoiceRow> {
  try {
    const input = cfdiInputOf(row, null);
    await validateCfdi(buildCfdi(input, UNSEALED));
    const stamped = await pac.stamp(input, now, row.id);
    await validateCfdi(stamped.xml).catch((error: unknown) => {
      console.error(`billing: invoice ${row.id} stamped by ${pac.name} fails SAT's schema`, error);
    });
    return await repository.updateInvoice(db, row.id, {
      status: 'stamped',
      pac: pac.name,
      uuid: stamped.uuid,
      stampedAt: stamped.stampedAt,
      xml: stamped.xml,
      providerId: stamped.providerId,
      failureReason: null,
    });
  } catch (error) {
    return repository.updateInvoice(db, row.id, {
      status: 'failed',
      pac: pac.name,
      failureReason: error instanceof Error ? error.message.slice(0, 500) : 'PAC error',
    });
  }
}

/**
 * Stamps the invoices just created in `tx`: inline with a local PAC (the sandbox is instant);
 * with a remote one, queued in the same transaction so that the stamping runs once it commits,
 * never holding it open on the network (decision 035).
 */
async function stampCreated(
  tx: DbOrTx,
  rows: InvoiceRow[],
  pac: Pac,
  deps: Pick<InvoiceDepositDeps, 'clock' | 'jobs'>,
): Promise<InvoiceRow[]> {
  if (pac.remote) {
    if (!deps.jobs) throw new Error('a remote PAC needs the jobs queue');
    for (const row of rows) {
      const payload = { organization_id: row.organizationId, invoice_id: row.id };
      await deps.jobs.enqueue(tx, STAMP_INVOICE_JOB, payload, deps.clock.now());
    }
    return rows;
  }
  const stamped: InvoiceRow[] = [];
  for (const row of rows) stamped.push(await stamp(tx, row, pac, deps.clock.now()));
  return stamped;
}

/**
 * Billing's part of `creditPendingDeposit` (decision 016, `depositCredited`): called inside the credit's transaction,
 * right after the deposit is marked credited. Issues the deposit's CFDI for the advance that
 * reached the balance (`net`, VAT included) and, when a fee was charged, the fee's CFDI (fee +
 * its VAT, as the ledger booked them). The receiver is the organization's tax information, or
 * "público en general" without it.
 *
 * It can never undo the credit: everything runs in a savepoint whose failure is caught and
 * logged (the credit commits without invoices), and a PAC failure only marks the row `failed`
 * for a retry. The sandbox PAC is local and instant, so it stamps inline; a remote PAC stamps
 * after commit (`stampCreated`). A deposit is invoiced once:
 * (deposit, kind) is unique, and a credit happens once per deposit.
 */
export async function invoiceCreditedDeposit(
  tx: DbOrTx,
  deposit: DepositRow,
  deps: InvoiceDepositDeps,
): Promise<InvoiceRow[]> {
  try {
    return await tx.transaction(async (savepoint) => {
      const created = await createInvoices(savepoint, deposit, deps);
      return stampCreated(savepoint, created, deps.pac ?? new SandboxPac(), deps);
    });
  } catch (error) {
    console.error(`billing: deposit ${deposit.id} credited without invoices`, error);
    return [];
  }
}

/** Issuer and receiver columns of an invoice: the organization's tax information, or "público en general". */
async function partiesOf(db: DbOrTx, organizationId: string, deps: InvoiceDepositDeps) {
  const issuer = issuerOf(deps.config);
  const tax = await deps.accountDetails.taxInfo(organizationId, db);
  const receiver = tax
    ? {
        rfc: tax.tax_id,
        name: tax.legal_name,
        regime: tax.tax_regime,
        use: tax.cfdi_use,
        zip: tax.zip_code,
      }
    : { ...GENERAL_PUBLIC, zip: issuer.zip };
  return {
    issuerRfc: issuer.rfc,
    issuerName: issuer.name,
    issuerRegime: issuer.regime,
    issuerZip: issuer.zip,
    receiverRfc: receiver.rfc,
    receiverName: receiver.name,
    receiverRegime: receiver.regime,
    receiverUse: receiver.use,
    receiverZip: receiver.zip,
  };
}

async function createInvoices(
  db: DbOrTx,
  deposit: DepositRow,
  deps: InvoiceDepositDeps,
): Promise<InvoiceRow[]> {
  if (!deposit.ledgerTransactionId) throw new Error('deposit not credited');
  const parties = await partiesOf(db, deposit.organizationId, deps);
  const breakdown = depositBreakdown(deposit.amount);
  const amounts: { kind: InvoiceKind; subtotal: number; vat: number }[] = [
    { kind: 'deposit', ...splitVat(deposit.net) },
  ];
  if (breakdown.fee_total > 0) {
    amounts.push({ kind: 'fee', subtotal: breakdown.fee, vat: breakdown.fee_vat });
  }
  const now = deps.clock.now();
  const rows: InvoiceRow[] = [];
  for (const amount of amounts) {
    const series = INVOICE_SERIES[amount.kind];
    rows.push(
      await repository.insertInvoice(db, {
        organizationId: deposit.organizationId,
        series,
        folio: await repository.nextFolio(db, series),
        cfdiType: 'I',
        kind: amount.kind,
        depositId: deposit.id,
        ledgerTransactionId: deposit.ledgerTransactionId,
        paymentForm: deposit.method === 'card' ? '04' : '03',
        // Staff who approved it; else the merchant who notified or paid (reconciled, card).
        triggeredBy: deposit.reviewedBy ?? deposit.createdBy,
        ...parties,
        subtotal: amount.subtotal,
        vat: amount.vat,
        total: amount.subtotal + amount.vat,
        status: 'pending',
        createdAt: now,
      }),
    );
  }
  return rows;
}

export function present(
  row: InvoiceRow,
  userName: string | undefined,
  sandbox: boolean,
): InvoiceView {
  return {
    id: row.id,
    series: row.series,
    folio: row.folio,
    folio_label: `${row.series}${row.folio}`,
    cfdi_type: row.cfdiType,
    kind: row.kind as InvoiceKind,
    status: row.status as InvoiceView['status'],
    user: row.triggeredBy ? { id: row.triggeredBy, name: userName ?? '' } : null,
    issuer: { rfc: row.issuerRfc, name: row.issuerName },
    receiver: {
      rfc: row.receiverRfc,
      name: row.receiverName,
      generic: row.receiverRfc === GENERAL_PUBLIC.rfc,
    },
    subtotal_centavos: row.subtotal,
    vat_centavos: row.vat,
    total_centavos: row.total,
    uuid: row.uuid,
    sandbox: row.pac === null ? sandbox : withoutFiscalValidity(row.pac),
    deposit_id: row.depositId,
    created_at: row.createdAt.toISOString(),
    stamped_at: row.stampedAt?.toISOString() ?? null,
    cancellation:
      row.cancellationMotive && row.cancellationStatus && row.cancellationRequestedAt
        ? {
            motive: row.cancellationMotive as CancellationMotive,
            substitution_uuid: row.cancellationSubstitution,
            status: row.cancellationStatus as CancellationStatus,
            requested_at: row.cancellationRequestedAt.toISOString(),
          }
        : null,
  };
}

/** Unstamped invoices retried per list request, oldest first. */
const RETRIES_PER_LIST = 10;

/** `finance/billing`: the organization's CFDI, their XML and their printed PDF. */
export class BillingService {
  private readonly pac: Pac;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: Partial<IssuerConfig>;
      pac?: Pac;
      jobs?: Pick<Jobs, 'enqueue'>;
      accounts: Pick<AccountsService, 'userNames' | 'organizationNames'>;
      accountDetails: Pick<AccountDetailsService, 'taxInfo'>;
    },
  ) {
    this.pac = deps.pac ?? new SandboxPac();
  }

  /**
   * `STAMP_INVOICE_JOB`: a remote PAC's stamping, once the transaction that created the invoice
   * committed. Runs outside any transaction (the PAC is called on the network); a failure stays
   * on the row and fails the job, which pg-boss retries with backoff.
   */
  readonly stampJob = async (
    _tx: DbOrTx,
    payload: z.infer<typeof stampInvoicePayload>,
  ): Promise<void> => {
    const row = await repository.findInvoice(
      this.deps.db,
      payload.organization_id,
      payload.invoice_id,
    );
    if (!row || row.status === 'stamped') return;
    const result = await stamp(this.deps.db, row, this.pac, this.deps.clock.now());
    if (result.status !== 'stamped') throw new Error(result.failureReason ?? 'not stamped');
  };

  /** Wallet's `depositCredited` listener: the credited deposit's CFDI (decision 016). */
  readonly depositCredited = (tx: DbOrTx, deposit: DepositRow) =>
    invoiceCreditedDeposit(tx, deposit, this.deps);

  /**
   * The CFDI of a service charged to the balance (an embarque's service fee, VAT included): one
   * per ledger charge, in the caller's transaction, paid by "aplicación de anticipos" (the
   * balance was invoiced as an advance when deposited). Asked again, it answers the one issued.
   * A PAC failure leaves it `failed` for a retry, as a deposit's; a remote PAC stamps it after
   * the caller's transaction commits (it answers `pending` then).
   */
  async invoiceService(
    tx: DbOrTx,
    charge: {
      organizationId: string;
      ledgerTransactionId: string;
      totalCentavos: number;
      triggeredBy: string;
    },
  ): Promise<InvoiceView> {
    const existing = await repository.findServiceInvoice(tx, charge.ledgerTransactionId);
    if (existing) return this.viewOf(existing);
    const { subtotal, vat } = splitVat(charge.totalCentavos);
    const series = INVOICE_SERIES.service;
    const row = await repository.insertInvoice(tx, {
      organizationId: charge.organizationId,
      series,
      folio: await repository.nextFolio(tx, series),
      cfdiType: 'I',
      kind: 'service',
      depositId: null,
      ledgerTransactionId: charge.ledgerTransactionId,
      paymentForm: '30',
      triggeredBy: charge.triggeredBy,
      ...(await partiesOf(tx, charge.organizationId, this.deps)),
      subtotal,
      vat,
      total: charge.totalCentavos,
      status: 'pending',
      createdAt: this.deps.clock.now(),
    });
    const [result] = await stampCreated(tx, [row], this.pac, this.deps);
    return this.viewOf(result!);
  }

  /** The organization's invoices among `ids` (another module's records name them). */
  async views(organizationId: string, ids: string[], db: DbOrTx = this.deps.db) {
    const rows = await repository.findInvoices(db, organizationId, ids);
    const names = await this.deps.accounts.userNames(
      rows.flatMap((row) => (row.triggeredBy ? [row.triggeredBy] : [])),
    );
    return rows.map((row) => present(row, names.get(row.triggeredBy ?? ''), this.pac.sandbox));
  }

  private async viewOf(row: InvoiceRow): Promise<InvoiceView> {
    const names = row.triggeredBy ? await this.deps.accounts.userNames([row.triggeredBy]) : null;
    return present(row, names?.get(row.triggeredBy ?? ''), this.pac.sandbox);
  }

  /** Stamps again what the PAC failed (or never got to) — each in its own transaction. */
  async retryUnstamped(organizationId: string): Promise<number> {
    const rows = await repository.unstamped(this.deps.db, organizationId, RETRIES_PER_LIST);
    let stamped = 0;
    for (const row of rows) {
      const result = await stamp(this.deps.db, row, this.pac, this.deps.clock.now());
      if (result.status === 'stamped') stamped += 1;
    }
    return stamped;
  }

  async list(
    organizationId: string,
    query: InvoicesQuery,
  ): Promise<{ data: InvoiceView[]; meta: PageMeta }> {
    await this.retryUnstamped(organizationId);
    const { rows, total } = await repository.listInvoices(this.deps.db, organizationId, query);
    const names = await this.deps.accounts.userNames(
      rows.flatMap((row) => (row.triggeredBy ? [row.triggeredBy] : [])),
    );
    return {
      data: rows.map((row) => present(row, names.get(row.triggeredBy ?? ''), this.pac.sandbox)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** Staff's list across organizations, each invoice with its organization's name. */
  async staffList(
    query: StaffInvoicesQuery,
  ): Promise<{ data: StaffInvoiceView[]; meta: PageMeta }> {
    const { rows, total } = await repository.listAllInvoices(this.deps.db, query);
    const [names, organizations] = await Promise.all([
      this.deps.accounts.userNames(
        rows.flatMap((row) => (row.triggeredBy ? [row.triggeredBy] : [])),
      ),
      this.deps.accounts.organizationNames(rows.map((row) => row.organizationId)),
    ]);
    return {
      data: rows.map((row) => ({
        ...present(row, names.get(row.triggeredBy ?? ''), this.pac.sandbox),
        organization: { id: row.organizationId, name: organizations.get(row.organizationId) ?? '' },
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** A stamped invoice of the organization; NOT_FOUND otherwise (foreign or not stamped). */
  private async stamped(organizationId: string, id: string): Promise<InvoiceRow> {
    let row = await repository.findInvoice(this.deps.db, organizationId, id);
    if (row && row.status !== 'stamped') {
      row = await stamp(this.deps.db, row, this.pac, this.deps.clock.now());
    }
    if (!row?.xml || row.status !== 'stamped') throw notFound();
    return row;
  }

  async xml(organizationId: string, id: string) {
    const row = await this.stamped(organizationId, id);
    return { fileName: `${row.series}${row.folio}.xml`, content: row.xml! };
  }

  async pdf(organizationId: string, id: string) {
    const row = await this.stamped(organizationId, id);
    return {
      fileName: `${row.series}${row.folio}.pdf`,
      content: await invoicePdf(row, withoutFiscalValidity(row.pac ?? 'sandbox')),
    };
  }
}
