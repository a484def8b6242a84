import {
  buildSchema,
  execute,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import type { ShopifySandbox } from './shopify-sandbox';
import type { SandboxFulfillmentOrder, sandboxShopifyOrders } from './shopify-sandbox.tables';

/**
 * The subset of Shopify's GraphQL Admin API the sandbox store answers, as SDL with Shopify's
 * names, executed by `graphql-js` over the sandbox's tables.
 */
export const SANDBOX_SCHEMA = buildSchema(/* GraphQL */ `
  type Query {
    shop: Shop!
    order(id: ID!): Order
    orders(
      first: Int!
      after: String
      query: String
      sortKey: OrderSortKeys
      reverse: Boolean
    ): OrderConnection!
    ordersCount(query: String): Count
    webhookSubscriptions(first: Int!): WebhookSubscriptionConnection!
  }
  type Mutation {
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    orderCancel(
      orderId: ID!
      reason: OrderCancelReason!
      refund: Boolean!
      restock: Boolean!
      notifyCustomer: Boolean
      staffNote: String
    ): OrderCancelPayload
  }
  enum OrderSortKeys {
    UPDATED_AT
    CREATED_AT
    ID
  }
  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    STAFF
    OTHER
  }
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE
    ORDERS_UPDATED
    ORDERS_CANCELLED
  }
  enum WebhookSubscriptionFormat {
    JSON
    XML
  }
  type Count {
    count: Int!
  }
  type Shop {
    id: ID!
    name: String!
    myshopifyDomain: String!
  }
  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }
  type OrderConnection {
    nodes: [Order!]!
    pageInfo: PageInfo!
  }
  type MoneyV2 {
    amount: String!
    currencyCode: String!
  }
  type MoneyBag {
    shopMoney: MoneyV2!
  }
  type MailingAddress {
    name: String
    company: String
    phone: String
    address1: String
    address2: String
    city: String
    province: String
    zip: String
    countryCodeV2: String
  }
  type Order {
    id: ID!
    name: String!
    createdAt: String!
    updatedAt: String!
    cancelledAt: String
    displayFinancialStatus: String
    currencyCode: String!
    totalPriceSet: MoneyBag!
    email: String
    phone: String
    tags: [String!]!
    shippingAddress: MailingAddress
    lineItems(first: Int!): LineItemConnection!
    fulfillmentOrders(first: Int!): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }
  type LineItemConnection {
    pageInfo: PageInfo!
    nodes: [LineItem!]!
  }
  type LineItem {
    id: ID!
    sku: String
    title: String!
    quantity: Int!
    currentQuantity: Int!
    originalUnitPriceSet: MoneyBag!
  }
  type FulfillmentOrderConnection {
    pageInfo: PageInfo!
    nodes: [FulfillmentOrder!]!
  }
  type Location {
    id: ID!
    name: String!
  }
  type FulfillmentOrderAssignedLocation {
    name: String!
    location: Location
  }
  type FulfillmentHold {
    reason: String!
  }
  type FulfillmentOrder {
    id: ID!
    status: String!
    assignedLocation: FulfillmentOrderAssignedLocation!
    fulfillmentHolds: [FulfillmentHold!]!
    lineItems(first: Int!): FulfillmentOrderLineItemConnection!
  }
  type FulfillmentOrderLineItemConnection {
    pageInfo: PageInfo!
    nodes: [FulfillmentOrderLineItem!]!
  }
  type FulfillmentOrderLineItem {
    id: ID!
    totalQuantity: Int!
    remainingQuantity: Int!
    lineItem: LineItem!
  }
  type FulfillmentTrackingInfo {
    number: String
    company: String
    url: String
  }
  type Fulfillment {
    id: ID!
    status: String!
    createdAt: String!
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  }
  type UserError {
    field: [String!]
    message: String!
  }
  type OrderCancelUserError {
    field: [String!]
    message: String!
    code: String
  }
  type Job {
    id: ID!
    done: Boolean!
  }
  type FulfillmentCreatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }
  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    uri: String!
  }
  type WebhookSubscriptionConnection {
    nodes: [WebhookSubscription!]!
  }
  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }
  type OrderCancelPayload {
    job: Job
    orderCancelUserErrors: [OrderCancelUserError!]!
  }
  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    trackingInfo: FulfillmentTrackingInput
    notifyCustomer: Boolean
  }
  input FulfillmentOrderLineItemsInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }
  input FulfillmentOrderLineItemInput {
    id: ID!
    quantity: Int!
  }
  input FulfillmentTrackingInput {
    number: String
    company: String
    url: String
  }
  input WebhookSubscriptionInput {
    uri: String
    callbackUrl: String
    format: WebhookSubscriptionFormat
  }
`);

export const gid = (kind: string, id: number) => `gid://shopify/${kind}/${id}`;
const money = (centavos: number, currencyCode: string) => ({
  shopMoney: { amount: (centavos / 100).toFixed(2), currencyCode },
});

type OrderRow = typeof sandboxShopifyOrders.$inferSelect;

/** The first page of a nested connection (the adapter never pages those further). */
const pageInfo = (total: number, first: number) => ({
  hasNextPage: total > first,
  endCursor: null,
});

/** An order row as GraphQL objects (nested fields answered by the default resolver). */
export function orderNode(row: OrderRow, locations: { id: number; name: string }[]) {
  const lineNode = (id: number) => {
    const line = row.lines.find((candidate) => candidate.id === id)!;
    return {
      id: gid('LineItem', line.id),
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      currentQuantity: line.quantity,
      originalUnitPriceSet: money(line.price, row.currency),
    };
  };
  const fulfillmentOrder = (entry: SandboxFulfillmentOrder) => {
    const location = locations.find((candidate) => candidate.id === entry.locationId);
    return {
      id: gid('FulfillmentOrder', entry.id),
      status: entry.status,
      assignedLocation: {
        name: location?.name ?? '',
        location: location ? { id: gid('Location', location.id), name: location.name } : null,
      },
      fulfillmentHolds: entry.holds.map((reason) => ({ reason })),
      lineItems: ({ first }: { first: number }) => ({
        pageInfo: pageInfo(entry.lines.length, first),
        nodes: entry.lines.slice(0, first).map((line) => ({
          id: gid('FulfillmentOrderLineItem', line.id),
          totalQuantity: line.total,
          remainingQuantity: line.remaining,
          lineItem: lineNode(line.lineItemId),
        })),
      }),
    };
  };
  const total = row.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return {
    id: gid('Order', row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    displayFinancialStatus: row.financialStatus,
    currencyCode: row.currency,
    totalPriceSet: money(total, row.currency),
    email: row.email,
    phone: row.phone,
    tags: row.tags,
    shippingAddress: row.shippingAddress
      ? { ...row.shippingAddress, company: null, countryCodeV2: row.shippingAddress.countryCode }
      : null,
    lineItems: ({ first }: { first: number }) => ({
      pageInfo: pageInfo(row.lines.length, first),
      nodes: row.lines.slice(0, first).map((line) => lineNode(line.id)),
    }),
    fulfillmentOrders: ({ first }: { first: number }) => ({
      pageInfo: pageInfo(row.fulfillmentOrders.length, first),
      nodes: row.fulfillmentOrders.slice(0, first).map(fulfillmentOrder),
    }),
    fulfillments: ({ first }: { first?: number }) =>
      row.fulfillments.slice(0, first ?? 50).map((fulfillment) => ({
        id: gid('Fulfillment', fulfillment.id),
        status: 'SUCCESS',
        createdAt: fulfillment.createdAt,
        trackingInfo: () => [fulfillment.tracking],
      })),
  };
}

/**
 * A query's requested cost, as Shopify counts it closely enough: an object costs 1, a
 * connection 2 plus its page size times its nodes' cost, a scalar nothing, a mutation 10.
 */
export function queryCost(document: DocumentNode, variables: Record<string, unknown>): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const cost = (selectionSet: SelectionSetNode | undefined): number => {
    let total = 0;
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total += cost(fragments.get(selection.name.value)?.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += cost(selection.selectionSet);
      } else if (selection.selectionSet) {
        const first = selection.arguments?.find((argument) => argument.name.value === 'first');
        const size =
          first?.value.kind === Kind.INT
            ? Number(first.value.value)
            : first?.value.kind === Kind.VARIABLE
              ? Number(variables[first.value.name.value] ?? 1)
              : null;
        if (size === null) {
          total += 1 + cost(selection.selectionSet);
          continue;
        }
        // A connection's nodes (or edges) count once per page entry; its pageInfo once.
        const children = selection.selectionSet.selections;
        const paged = (child: SelectionNode) =>
          child.kind === Kind.FIELD && ['nodes', 'edges'].includes(child.name.value);
        const perEntry = children.some(paged) ? children.filter(paged) : children;
        const once = children.filter((child) => !perEntry.includes(child));
        total +=
          2 +
          size * cost({ kind: Kind.SELECTION_SET, selections: perEntry }) +
          cost({ kind: Kind.SELECTION_SET, selections: once });
      }
    }
    return total;
  };
  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    total +=
      definition.operation === 'mutation'
        ? 10 * definition.selectionSet.selections.length
        : cost(definition.selectionSet);
  }
  return Math.max(1, total);
}

/** Shopify refuses a single query that asks more than this. */
const MAX_QUERY_COST = 1000;

/** What an answer actually cost: each object returned 1 point. */
function returnedCost(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + returnedCost(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Object.values(value).reduce((sum: number, item) => sum + returnedCost(item), 0);
}

export interface GraphQLAnswer {
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: Record<string, unknown>;
}

/**
 * Runs one request for a shop: parsed and validated against the schema, its cost taken from the
 * shop's bucket (THROTTLED, HTTP 200, when it does not fit), then executed.
 */
export async function runShopifyGraphQL(
  store: ShopifySandbox,
  shop: string,
  request: { query: string; variables?: Record<string, unknown> | null; apiVersion: string },
): Promise<GraphQLAnswer> {
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return { errors: [{ message: (error as Error).message }] };
  }
  const invalid = validate(SANDBOX_SCHEMA, document);
  if (invalid.length > 0) return { errors: invalid.map((error) => ({ message: error.message })) };
  const variables = request.variables ?? {};
  const requested = queryCost(document, variables);
  if (requested > MAX_QUERY_COST) {
    return {
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST },
        },
      ],
    };
  }
  const bucket = await store.spend(shop, requested);
  const cost: {
    requestedQueryCost: number;
    actualQueryCost: number | null;
    throttleStatus: typeof bucket.status;
  } = { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: bucket.status };
  if (!bucket.spent) {
    return {
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: { cost },
    };
  }
  const result = await execute({
    schema: SANDBOX_SCHEMA,
    document,
    variableValues: variables,
    rootValue: store.resolvers(shop, request.apiVersion),
  });
  // What was not returned is given back, as Shopify refunds requested minus actual cost.
  const actual = Math.min(requested, returnedCost(result.data));
  const status = await store.refund(shop, requested - actual);
  cost.actualQueryCost = actual;
  cost.throttleStatus = status;
  return {
    ...(result.data ? { data: result.data } : {}),
    ...(result.errors
      ? { errors: result.errors.map((error) => ({ message: error.message })) }
      : {}),
    extensions: { cost },
  };
}
