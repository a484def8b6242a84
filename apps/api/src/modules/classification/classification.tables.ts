import {
  CLASSIFICATION_STATUSES,
  FEE_STATES,
  INTERPRETATION_RULES,
  NOT_CLASSIFIABLE_NEEDS,
  type ClassificationResult,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
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
import { tenantKeys, users } from '../accounts/accounts.tables';
import { products } from '../products/products.tables';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A merchant's request to classify one or more products, paid from the balance (issue 24). */
export const classificationRequests = pgTable(
  'classification_requests',
  {
    ...tenantKeys(),
    /** What merchants and staff call it: one sequence for the platform. */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('classification_requests_list').on(table.organizationId, table.createdAt.desc()),
    index().on(table.id),
  ],
);

/**
 * One product of a request: the classifier's inputs, its status (the product's tariff status
 * mirrors it), its fee and the people who worked on it. A product has at most one item that is
 * not NOT_CLASSIFIABLE: classified or under way, it is not requested again.
 */
export const classificationItems = pgTable(
  'classification_items',
  {
    ...tenantKeys(),
    requestId: uuid().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    /** The product's name when requested, as the queue searches and shows it. */
    productName: text().notNull(),
    status: text({ enum: CLASSIFICATION_STATUSES }).notNull(),
    description: text().notNull(),
    materials: text().notNull(),
    use: text().notNull(),
    brand: text(),
    model: text(),
    originCountry: text().notNull(),
    notes: text(),
    /** Name, description, materials and use, lower case without accents (`searchKey`). */
    searchText: text().notNull(),
    feeCentavos: integer().notNull(),
    vatCentavos: integer().notNull(),
    feeState: text({ enum: FEE_STATES }).notNull(),
    /** The ledger hold of the fee; a released fee held again (a resubmission) gets a new one. */
    holdId: uuid().notNull(),
    /** How many holds the fee has had: each movement's idempotency key names it. */
    holdSeq: integer().notNull().default(1),
    /** The capture that charged the fee, what a refund returns. */
    chargeTransactionId: uuid(),
    /** YYYY-MM-DD, 7 business days in Mexico City from the (last) submission. */
    dueDate: text().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    classifierId: uuid().references(() => users.id),
    reviewerId: uuid().references(() => users.id),
    rejectReason: text(),
    notClassifiableReason: text(),
    notClassifiableNeeds: text({ enum: NOT_CLASSIFIABLE_NEEDS }),
    notClassifiableCandidates: jsonb().$type<{ code: string; description: string }[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'classification_items_request_fk',
      columns: [table.organizationId, table.requestId],
      foreignColumns: [classificationRequests.organizationId, classificationRequests.id],
    }).onDelete('cascade'),
    index('classification_items_request').on(table.organizationId, table.requestId),
    uniqueIndex('classification_items_product_open')
      .on(table.organizationId, table.productId)
      .where(sql`${table.status} <> 'NOT_CLASSIFIABLE'`),
    // The staff queue reads across organizations: by id, and open items by due date.
    index().on(table.id),
    index('classification_items_queue').on(table.status, table.dueDate, table.createdAt),
    check(
      'classification_items_status_check',
      sql`${table.status} in (${inList(CLASSIFICATION_STATUSES)}) and ${table.status} <> 'UNCLASSIFIED'`,
    ),
    check(
      'classification_items_fee_state_check',
      sql`${table.feeState} in (${inList(FEE_STATES)})`,
    ),
    check(
      'classification_items_fee_split',
      sql`${table.feeCentavos} > 0 and ${table.vatCentavos} >= 0 and ${table.vatCentavos} < ${table.feeCentavos}`,
    ),
    // A classified product's fee was captured; the reviewer is never the classifier.
    check(
      'classification_items_classified_paid',
      sql`${table.status} <> 'CLASSIFIED' or ${table.feeState} = 'captured'`,
    ),
    check(
      'classification_items_second_person',
      sql`${table.reviewerId} is null or ${table.reviewerId} <> ${table.classifierId}`,
    ),
  ],
);

/**
 * The result of an item: recorded by the classifier, reviewed, then published. One row per item,
 * replaced while it is prepared; `publishedAt` is set when it reached the product.
 */
export const classificationResults = pgTable(
  'classification_results',
  {
    organizationId: uuid().notNull(),
    itemId: uuid().notNull(),
    fraction: text().notNull(),
    nico: text().notNull(),
    /** The catalogue's unidad de medida de la tarifa, code and name. */
    umt: text().notNull(),
    umtDescription: text().notNull(),
    chain: jsonb().$type<ClassificationResult['chain']>().notNull(),
    rationaleRules: text({ enum: INTERPRETATION_RULES }).array().notNull(),
    rationale: text().notNull(),
    duties: jsonb().$type<ClassificationResult['duties']>().notNull(),
    restrictions: jsonb().$type<ClassificationResult['restrictions']>().notNull(),
    tariffDataDate: text().notNull(),
    /** The day the code was last checked against the catalogue in force. */
    validatedOn: text().notNull(),
    recordedBy: uuid()
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.itemId] }),
    foreignKey({
      name: 'classification_results_item_fk',
      columns: [table.organizationId, table.itemId],
      foreignColumns: [classificationItems.organizationId, classificationItems.id],
    }).onDelete('cascade'),
    check(
      'classification_results_code',
      sql`${table.fraction} ~ '^[0-9]{8}$' and ${table.nico} ~ '^[0-9]{2}$'`,
    ),
    // The organization's classified products answer the candidates' search by code.
    index('classification_results_code').on(table.organizationId, table.fraction, table.nico),
  ],
);

/** Every change of an item's status, who made it and why: the transitions' audit. */
export const classificationTransitions = pgTable(
  'classification_transitions',
  {
    ...tenantKeys(),
    itemId: uuid().notNull(),
    fromStatus: text({ enum: CLASSIFICATION_STATUSES }).notNull(),
    toStatus: text({ enum: CLASSIFICATION_STATUSES }).notNull(),
    actorKind: text({ enum: ['merchant', 'staff', 'system'] }).notNull(),
    /** The user; null for the system (a catalogue import). */
    actorId: uuid().references(() => users.id),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'classification_transitions_item_fk',
      columns: [table.organizationId, table.itemId],
      foreignColumns: [classificationItems.organizationId, classificationItems.id],
    }).onDelete('cascade'),
    index('classification_transitions_item').on(
      table.organizationId,
      table.itemId,
      table.createdAt,
    ),
    check(
      'classification_transitions_actor',
      sql`(${table.actorKind} = 'system') = (${table.actorId} is null)`,
    ),
  ],
);
