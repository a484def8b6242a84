import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.tables';
import { deposits } from '../wallet/deposits.tables';
import { ledgerTransactions } from '../wallet/ledger.tables';

/**
 * The last folio used in each series: the next invoice takes `last_folio + 1` with an upsert,
 * which locks the series row until the transaction ends, so folios are consecutive and unique.
 */
export const invoiceSeries = pgTable('invoice_series', {
  series: text().primaryKey(),
  lastFolio: integer().notNull(),
});

/**
 * CFDI 4.0 invoices (decision 016): one per credited deposit and one per fee charged on it,
 * created in the credit's own transaction; and one per service charge paid from the balance
 * (an embarque's), created when staff invoice it. The receiver and issuer are snapshots taken then;
 * `xml` is the stamped CFDI (null until stamped). Money in centavos; subtotal + VAT = total.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    series: text().notNull(),
    folio: integer().notNull(),
    /** TipoDeComprobante: `I` (ingreso). */
    cfdiType: text().notNull(),
    /**
     * What it is for: `deposit` (the advance credited), `fee` (the small-deposit fee) or
     * `service` (a service charged to the balance, with no deposit).
     */
    kind: text().notNull(),
    depositId: uuid().references(() => deposits.id),
    ledgerTransactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    /** FormaPago: 03 transfer, 04 card, 30 aplicación de anticipos (paid from the balance). */
    paymentForm: text().notNull(),
    /** Who triggered the credit: staff approving it, else the merchant who notified or paid. */
    triggeredBy: uuid().references(() => users.id),
    issuerRfc: text().notNull(),
    issuerName: text().notNull(),
    issuerRegime: text().notNull(),
    issuerZip: text().notNull(),
    receiverRfc: text().notNull(),
    receiverName: text().notNull(),
    receiverRegime: text().notNull(),
    receiverUse: text().notNull(),
    receiverZip: text().notNull(),
    subtotal: bigint({ mode: 'number' }).notNull(),
    vat: bigint({ mode: 'number' }).notNull(),
    total: bigint({ mode: 'number' }).notNull(),
    status: text().notNull(),
    /** The PAC that stamped it (`sandbox`: no fiscal validity). */
    pac: text(),
    uuid: text(),
    stampedAt: timestamp({ withTimezone: true }),
    xml: text(),
    failureReason: text(),
    /** The PAC's own id of the document (Facturapi's invoice id): what its cancellation names. */
    providerId: text(),
    /**
     * SAT's cancellation reason (c_MotivoCancelacion 01–04) once cancellation was asked; 01 names
     * the replacing CFDI's UUID. The status is the PAC's answer or its webhook's (pending,
     * accepted, rejected).
     */
    cancellationMotive: text(),
    cancellationSubstitution: text(),
    cancellationStatus: text(),
    cancellationRequestedAt: timestamp({ withTimezone: true }),
    /** Issue date (Fecha of the CFDI). */
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    check('invoices_kind', sql`${table.kind} in ('deposit', 'fee', 'service')`),
    check(
      'invoices_deposit_of_kind',
      sql`(${table.kind} = 'service') = (${table.depositId} is null)`,
    ),
    check('invoices_status', sql`${table.status} in ('pending', 'stamped', 'failed')`),
    check(
      'invoices_amounts',
      sql`${table.subtotal} >= 0 and ${table.vat} >= 0 and ${table.total} = ${table.subtotal} + ${table.vat}`,
    ),
    check(
      'invoices_stamped_has_uuid',
      sql`(${table.status} = 'stamped') = (${table.uuid} is not null and ${table.xml} is not null)`,
    ),
    check(
      'invoices_cancellation',
      sql`(${table.cancellationMotive} is null or (${table.status} = 'stamped' and ${table.cancellationMotive} in ('01', '02', '03', '04')))
        and (${table.cancellationMotive} is null) = (${table.cancellationStatus} is null)
        and (${table.cancellationMotive} is null) = (${table.cancellationRequestedAt} is null)
        and (${table.cancellationStatus} is null or ${table.cancellationStatus} in ('pending', 'accepted', 'rejected'))
        and (${table.cancellationMotive} is not distinct from '01') = (${table.cancellationSubstitution} is not null)`,
    ),
    uniqueIndex('invoices_series_folio').on(table.series, table.folio),
    // A deposit is invoiced once for its advance and once for its fee, whatever retries happen.
    uniqueIndex('invoices_deposit_kind').on(table.depositId, table.kind),
    // A service charge is invoiced once, whoever asks and however often.
    uniqueIndex('invoices_service_charge')
      .on(table.ledgerTransactionId)
      .where(sql`${table.kind} = 'service'`),
    uniqueIndex('invoices_uuid').on(table.uuid),
    uniqueIndex('invoices_provider_id').on(table.providerId),
    index('invoices_organization_created').on(table.organizationId, table.createdAt.desc()),
    index('invoices_failed')
      .on(table.status)
      .where(sql`${table.status} <> 'stamped'`),
  ],
);

/**
 * PAC webhook deliveries already taken (decision 035), by the SHA-256 of their signed bytes: a
 * delivery replayed within the freshness window is refused; after it, its age refuses it.
 * Pruned past that window.
 */
export const cfdiWebhookDeliveries = pgTable('cfdi_webhook_deliveries', {
  digest: text().primaryKey(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
});
