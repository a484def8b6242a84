import {
  DOCUMENT_KINDS,
  EMBARQUE_DIRECTIONS,
  EMBARQUE_EVENT_KINDS,
  EMBARQUE_STEPS,
  EXPENSE_CONCEPTS,
  INCOTERMS,
  MONEY_STATES,
  PAYMENT_REQUEST_KINDS,
  PAYMENT_REQUEST_STATUSES,
  SEMAFOROS,
  TRANSPORT_MODES,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from '../../platform/files.tables';
import { tenantKeys, users } from '../accounts/accounts.tables';
import { products } from '../products/products.tables';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const centavos = () => bigint({ mode: 'number' });
const actorKinds = ['merchant', 'staff', 'system'] as const;

/**
 * An import or export operation staff run for a merchant (issue 25). `step` is the physical
 * axis (EMBARQUE_TRANSITIONS); the money axis is read from the payment requests and expenses.
 */
export const embarques = pgTable(
  'embarques',
  {
    ...tenantKeys(),
    /** One sequence for the platform: `EMB-000042`. */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    direction: text({ enum: EMBARQUE_DIRECTIONS }).notNull(),
    mode: text({ enum: TRANSPORT_MODES }).notNull(),
    incoterm: text({ enum: INCOTERMS }).notNull(),
    supplierName: text().notNull(),
    supplierCountry: text().notNull(),
    originCountry: text().notNull(),
    originPlace: text().notNull(),
    destinationCountry: text().notNull(),
    destinationPlace: text().notNull(),
    customerReference: text(),
    notes: text(),
    step: text({ enum: EMBARQUE_STEPS }).notNull(),
    /** The 15 digits; shown `YY  AA  PPPP  NNNNNNN`. */
    pedimento: text(),
    semaforo: text({ enum: SEMAFOROS }),
    /**
     * The money axis and the account's sums the list shows and filters on, kept by every money
     * action in its transaction (`embarqueAccount` of the requests and expenses; checked by
     * embarques.verify.ts).
     */
    moneyState: text({ enum: MONEY_STATES }).notNull(),
    balance: centavos().notNull(),
    pending: centavos().notNull(),
    /** Reference, supplier, the merchant's reference and the pedimento, lower case (`searchKey`). */
    searchText: text().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('embarques_list').on(table.organizationId, table.createdAt.desc()),
    // The staff console reads across organizations: by id, and every embarque by last change.
    index().on(table.id),
    index('embarques_staff_list').on(table.updatedAt.desc()),
    // A pedimento number names one customs declaration in the whole country.
    uniqueIndex('embarques_pedimento').on(table.pedimento),
    check('embarques_step_check', sql`${table.step} in (${inList(EMBARQUE_STEPS)})`),
    check(
      'embarques_kinds_check',
      sql`${table.direction} in (${inList(EMBARQUE_DIRECTIONS)})
          and ${table.mode} in (${inList(TRANSPORT_MODES)})
          and ${table.incoterm} in (${inList(INCOTERMS)})
          and ${table.moneyState} in (${inList(MONEY_STATES)})
          and (${table.semaforo} is null or ${table.semaforo} in (${inList(SEMAFOROS)}))`,
    ),
    check('embarques_pending', sql`${table.pending} >= 0`),
    check('embarques_pedimento_digits', sql`${table.pedimento} ~ '^[0-9]{15}$'`),
    check(
      'embarques_semaforo_after_pedimento',
      sql`${table.semaforo} is null or ${table.pedimento} is not null`,
    ),
    // The guards of EMBARQUE_STEP_GUARDS the row itself can hold.
    check(
      'embarques_cleared_has_pedimento',
      sql`${table.step} not in ('dispatch', 'delivered', 'closed') or ${table.pedimento} is not null`,
    ),
    check(
      'embarques_delivered_has_semaforo',
      sql`${table.step} not in ('delivered', 'closed') or ${table.semaforo} is not null`,
    ),
  ],
);

/** One line of the commercial invoice, its code checked against the catalogue on `validatedOn`. */
export const embarqueLines = pgTable(
  'embarque_lines',
  {
    ...tenantKeys(),
    embarqueId: uuid().notNull(),
    position: integer().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    /** The product's name and SKU when the line was written. */
    productName: text().notNull(),
    productSku: text(),
    fraction: text().notNull(),
    nico: text().notNull(),
    tariffDescription: text().notNull(),
    /** The catalogue's unidad de medida de la tarifa, code and name. */
    umt: text().notNull(),
    umtName: text().notNull(),
    /** Quantities in thousandths (3 decimals, exact). */
    commercialQuantityMilli: bigint({ mode: 'number' }).notNull(),
    commercialUnit: text().notNull(),
    customsQuantityMilli: bigint({ mode: 'number' }).notNull(),
    valueCents: centavos().notNull(),
    currency: text().notNull(),
    originCountry: text().notNull(),
    validatedOn: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'embarque_lines_embarque_fk',
      columns: [table.organizationId, table.embarqueId],
      foreignColumns: [embarques.organizationId, embarques.id],
    }).onDelete('cascade'),
    uniqueIndex('embarque_lines_position').on(
      table.organizationId,
      table.embarqueId,
      table.position,
    ),
    check(
      'embarque_lines_code',
      sql`${table.fraction} ~ '^[0-9]{8}$' and ${table.nico} ~ '^[0-9]{2}$'`,
    ),
    check(
      'embarque_lines_amounts',
      sql`${table.commercialQuantityMilli} > 0 and ${table.customsQuantityMilli} > 0 and ${table.valueCents} > 0`,
    ),
  ],
);

/** A stored file (platform/files) of an embarque, by kind and who uploaded it. */
export const embarqueDocuments = pgTable(
  'embarque_documents',
  {
    ...tenantKeys(),
    embarqueId: uuid().notNull(),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    fileId: uuid().notNull(),
    uploaderKind: text({ enum: ['merchant', 'staff'] }).notNull(),
    uploadedBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'embarque_documents_embarque_fk',
      columns: [table.organizationId, table.embarqueId],
      foreignColumns: [embarques.organizationId, embarques.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'embarque_documents_file_fk',
      columns: [table.organizationId, table.fileId],
      foreignColumns: [files.organizationId, files.id],
    }),
    index('embarque_documents_embarque').on(table.organizationId, table.embarqueId),
    check('embarque_documents_kind_check', sql`${table.kind} in (${inList(DOCUMENT_KINDS)})`),
  ],
);

/**
 * What staff ask the merchant to pay. Paid once, through the wallet's ledger, under the key
 * `embarque-payment:<id>`: `ledgerTransactionId` is that debit; `payKey` the merchant's
 * Idempotency-Key that paid it (a retry with it answers the same payment). An advance's unused
 * part returned at reconciliation is `refunded` (ledger refunds of that debit).
 */
export const embarquePaymentRequests = pgTable(
  'embarque_payment_requests',
  {
    ...tenantKeys(),
    embarqueId: uuid().notNull(),
    kind: text({ enum: PAYMENT_REQUEST_KINDS }).notNull(),
    concept: text().notNull(),
    amount: centavos().notNull(),
    status: text({ enum: PAYMENT_REQUEST_STATUSES }).notNull(),
    refunded: centavos().notNull().default(0),
    ledgerTransactionId: uuid(),
    payKey: text(),
    /** The service charge's CFDI (billing's invoice). */
    invoiceId: uuid(),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    paidBy: uuid().references(() => users.id),
    paidAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'embarque_payment_requests_embarque_fk',
      columns: [table.organizationId, table.embarqueId],
      foreignColumns: [embarques.organizationId, embarques.id],
    }).onDelete('cascade'),
    index('embarque_payment_requests_embarque').on(table.organizationId, table.embarqueId),
    check(
      'embarque_payment_requests_status_check',
      sql`${table.status} in (${inList(PAYMENT_REQUEST_STATUSES)})
          and ${table.kind} in (${inList(PAYMENT_REQUEST_KINDS)})`,
    ),
    check(
      'embarque_payment_requests_paid',
      sql`(${table.status} = 'paid') = (${table.ledgerTransactionId} is not null and ${table.paidAt} is not null)`,
    ),
    check(
      'embarque_payment_requests_amounts',
      sql`${table.amount} > 0 and ${table.refunded} >= 0 and ${table.refunded} <= ${table.amount}
          and (${table.kind} = 'advance' or ${table.refunded} = 0)
          and (${table.refunded} = 0 or ${table.status} = 'paid')`,
    ),
    check(
      'embarque_payment_requests_invoice',
      sql`${table.invoiceId} is null or (${table.kind} = 'service' and ${table.status} = 'paid')`,
    ),
  ],
);

/** The cuenta de gastos: what was spent on the merchant's behalf, line by line. */
export const embarqueExpenses = pgTable(
  'embarque_expenses',
  {
    ...tenantKeys(),
    embarqueId: uuid().notNull(),
    position: integer().notNull(),
    concept: text({ enum: EXPENSE_CONCEPTS }).notNull(),
    description: text(),
    amount: centavos().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'embarque_expenses_embarque_fk',
      columns: [table.organizationId, table.embarqueId],
      foreignColumns: [embarques.organizationId, embarques.id],
    }).onDelete('cascade'),
    uniqueIndex('embarque_expenses_position').on(
      table.organizationId,
      table.embarqueId,
      table.position,
    ),
    check('embarque_expenses_amount', sql`${table.amount} > 0`),
    check(
      'embarque_expenses_concept_check',
      sql`${table.concept} in (${inList(EXPENSE_CONCEPTS)})`,
    ),
  ],
);

/** A payment to the supplier, as staff recorded it (made outside the platform's ledger). */
export const embarqueSupplierPayments = pgTable(
  'embarque_supplier_payments',
  {
    ...tenantKeys(),
    embarqueId: uuid().notNull(),
    amountCents: centavos().notNull(),
    currency: text().notNull(),
    paidOn: text().notNull(),
    reference: text().notNull(),
    recordedBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'embarque_supplier_payments_embarque_fk',
      columns: [table.organizationId, table.embarqueId],
      foreignColumns: [embarques.organizationId, embarques.id],
    }).onDelete('cascade'),
    index('embarque_supplier_payments_embarque').on(table.organizationId, table.embarqueId),
    check('embarque_supplier_payments_amount', sql`${table.amountCents} > 0`),
  ],
);

/** The timeline: every change of either axis, who made it, oldest first. */
export const embarqueEvents = pgTable(
  'embarque_events',
  {
    ...tenantKeys(),
    embarqueId: uuid().notNull(),
    /** Orders the events of one instant (a red semáforo and its reconocimiento) as written. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    kind: text({ enum: EMBARQUE_EVENT_KINDS }).notNull(),
    params: jsonb().$type<Record<string, string | number | null>>().notNull(),
    note: text(),
    actorKind: text({ enum: actorKinds }).notNull(),
    /** The user; null for the system. */
    actorId: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'embarque_events_embarque_fk',
      columns: [table.organizationId, table.embarqueId],
      foreignColumns: [embarques.organizationId, embarques.id],
    }).onDelete('cascade'),
    index('embarque_events_embarque').on(table.organizationId, table.embarqueId, table.createdAt),
    check(
      'embarque_events_actor',
      sql`(${table.actorKind} = 'system') = (${table.actorId} is null)`,
    ),
  ],
);
