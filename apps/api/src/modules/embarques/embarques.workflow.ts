import {
  embarqueReference,
  isFinalStep,
  mexicoDate,
  moneyState,
  type AuditAction,
  type Embarque,
  type EmbarqueEventKind,
  type EmbarqueLines,
  type NotificationContent,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { DomainEvents } from '../../platform/events';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { searchKey } from '../../platform/search';
import type { AccountsService } from '../accounts';
import type { BillingService } from '../billing';
import type { TariffFractionsService } from '../catalogs';
import type { NotificationsService } from '../notifications';
import type { ProductsService } from '../products';
import type { LedgerService } from '../wallet';
import * as repository from './embarques.repository';
import type { EmbarqueRow, NewLine } from './embarques.repository';
import { accountOf, present, type EmbarqueRecords } from './embarques.present';

export interface EmbarquesDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  files: FileStore;
  ledger: LedgerService;
  billing: BillingService;
  accounts: AccountsService;
  products: ProductsService;
  tariffFractions: TariffFractionsService;
  notifications: NotificationsService;
  events: DomainEvents;
}

/** Who acts on an embarque: a merchant's user, a staff member (audited under `action`), or the platform. */
export type Actor =
  | { kind: 'merchant'; userId: string }
  | { kind: 'staff'; userId: string; action: AuditAction }
  | { kind: 'system' };

/** The merchant's page of an embarque, where notifications lead. */
export const embarqueLink = (id: string) => `/app/my-shipments/${id}`;

/** Nothing changes on a closed or cancelled embarque (EMBARQUE_FINISHED). */
export function assertOpen(row: Pick<EmbarqueRow, 'step'>) {
  if (isFinalStep(row.step)) throw new AppError('EMBARQUE_FINISHED', { step: row.step });
}

/** What a stored file of an embarque is, for the files table. */
export const DOCUMENT_PURPOSE = 'embarque.document';

/** Reference, supplier, the merchant's reference and the pedimento, as the list's search reads them. */
export const searchTextOf = (
  row: Pick<EmbarqueRow, 'number' | 'supplierName' | 'customerReference' | 'pedimento'>,
) =>
  searchKey(
    [
      embarqueReference(row.number),
      row.supplierName,
      row.customerReference ?? '',
      row.pedimento ?? '',
    ].join(' '),
  );

/**
 * What the merchant's and the staff's sides share: reading an embarque whole, its timeline's
 * events (and the staff audit log for staff), the money axis recomputed after each money
 * action, the lines checked against the merchant's catalogue and the tariff catalogue in force,
 * and the merchant's notifications.
 */
export class EmbarqueWorkflow {
  constructor(readonly deps: EmbarquesDeps) {}

  /** Today in Mexico City, YYYY-MM-DD. */
  today(): string {
    return mexicoDate(this.deps.clock.now());
  }

  /** Everything the page shows, read outside any transaction (its queries run side by side). */
  async records(row: EmbarqueRow): Promise<EmbarqueRecords> {
    const { db } = this.deps;
    const [lines, documents, requests, expenses, supplierPayments, events] = await Promise.all([
      repository.linesOf(db, row),
      repository.documentsOf(db, row),
      repository.paymentRequestsOf(db, row),
      repository.expensesOf(db, row),
      repository.supplierPaymentsOf(db, row),
      repository.eventsOf(db, row),
    ]);
    const invoiceIds = requests.flatMap((request) =>
      request.invoiceId ? [request.invoiceId] : [],
    );
    const [files, invoices, names] = await Promise.all([
      this.deps.files.findMany(
        row.organizationId,
        documents.map((document) => document.fileId),
        DOCUMENT_PURPOSE,
        db,
      ),
      this.deps.billing.views(row.organizationId, invoiceIds, db),
      this.deps.accounts.userNames(
        events.flatMap((event) => (event.actorId ? [event.actorId] : [])),
      ),
    ]);
    const fileById = new Map(files.map((file) => [file.id, file]));
    return {
      lines,
      documents: documents.map((document) => ({
        row: document,
        file: fileById.get(document.fileId),
      })),
      requests,
      expenses,
      supplierPayments,
      events,
      invoices,
      names,
    };
  }

  async view(row: EmbarqueRow): Promise<Embarque> {
    return present(row, await this.records(row));
  }

  /** The requests, the expenses and the account's sums as they are in `tx`, one query at a time. */
  async account(tx: DbOrTx, row: EmbarqueRow) {
    const requests = await repository.paymentRequestsOf(tx, row);
    const expenses = await repository.expensesOf(tx, row);
    return { requests, expenses, account: accountOf(requests, expenses) };
  }

  /**
   * Writes the money axis and the sums the list reads, from the requests and expenses as they
   * are now in `tx` (after a money action), and marks the embarque changed.
   */
  async refresh(tx: DbOrTx, row: EmbarqueRow): Promise<EmbarqueRow> {
    const { account } = await this.account(tx, row);
    return repository.updateEmbarque(tx, row, {
      moneyState: moneyState(account),
      balance: account.balance_centavos,
      pending: account.pending_centavos,
      updatedAt: this.deps.clock.now(),
    });
  }

  /** One event of the timeline; a staff actor's is also in the staff audit log. */
  async record(
    tx: DbOrTx,
    row: EmbarqueRow,
    actor: Actor,
    kind: EmbarqueEventKind,
    params: Record<string, string | number | null> = {},
    note: string | null = null,
  ) {
    await repository.insertEvents(tx, [
      {
        organizationId: row.organizationId,
        embarqueId: row.id,
        kind,
        params,
        note,
        actorKind: actor.kind,
        actorId: actor.kind === 'system' ? null : actor.userId,
        createdAt: this.deps.clock.now(),
      },
    ]);
  }

  async audit(
    tx: DbOrTx,
    actor: Extract<Actor, { kind: 'staff' }>,
    row: EmbarqueRow,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) {
    await this.deps.audit.record(tx, {
      actorId: actor.userId,
      action: actor.action,
      subjectType: 'embarque',
      subjectId: row.id,
      organizationId: row.organizationId,
      before,
      after,
    });
  }

  notify(tx: DbOrTx, row: EmbarqueRow, content: NotificationContent) {
    return this.deps.notifications.notify(
      row.organizationId,
      { kind: 'NOTIFICATION', content, link: embarqueLink(row.id) },
      tx,
    );
  }

  /**
   * The lines as stored: each product of the organization's catalogue (else
   * EMBARQUE_PRODUCT_UNKNOWN naming the ids), each code in force today in c_FraccionArancelaria
   * (else TARIFF_CODE_NOT_IN_FORCE; TARIFF_FRACTIONS_NOT_LOADED before any import), with the
   * catalogue's customs unit and text.
   */
  async checkedLines(
    organizationId: string,
    lines: EmbarqueLines['lines'],
  ): Promise<Omit<NewLine, 'embarqueId'>[]> {
    if (lines.length === 0) return [];
    const ids = [...new Set(lines.map((line) => line.product_id))];
    const products = new Map(
      (await this.deps.products.getMany(organizationId, ids)).map((product) => [
        product.id,
        product,
      ]),
    );
    const unknown = ids.filter((id) => !products.has(id));
    if (unknown.length > 0) {
      throw new AppError('EMBARQUE_PRODUCT_UNKNOWN', { products: unknown.join(', ') });
    }
    const today = this.today();
    const checked: Omit<NewLine, 'embarqueId'>[] = [];
    for (const [position, line] of lines.entries()) {
      const { fraction, nico } = line.code;
      if (nico === null) throw new Error('a classified code has its NICO');
      const tariff = await this.deps.tariffFractions.requireInForce(fraction, nico, today);
      const product = products.get(line.product_id)!;
      checked.push({
        organizationId,
        position,
        productId: product.id,
        productName: product.name,
        productSku: product.variants[0]?.sku ?? null,
        fraction,
        nico,
        tariffDescription: tariff.description,
        umt: tariff.umt,
        umtName: tariff.umt_description,
        commercialQuantityMilli: Math.round(line.commercial_quantity * 1000),
        commercialUnit: line.commercial_unit,
        customsQuantityMilli: Math.round(line.customs_quantity * 1000),
        valueCents: line.value_cents,
        currency: line.currency,
        originCountry: line.origin_country,
        validatedOn: today,
      });
    }
    return checked;
  }
}
