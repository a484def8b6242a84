import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { quoteViewSchema } from '../shipments/quotes';
import { z } from '../validation';
import { BULK_CSV_HEADERS, BULK_CSV_MAX_BYTES, bulkCsvViewSchema } from './bulk-csv';
import {
  BULK_LABELS_MAX,
  bulkLabelsFileQuerySchema,
  bulkLabelsSchema,
  bulkLabelsViewSchema,
  bulkParamsSchema,
  orderAddressUpdateSchema,
  orderCancelSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderFulfillmentParamsSchema,
  orderFulfillmentViewSchema,
  orderFulfillSchema,
  orderLineLinkSchema,
  orderLineParamsSchema,
  orderListItemSchema,
  orderParamsSchema,
  orderQuoteSchema,
  ordersQuerySchema,
  ordersSummarySchema,
  orderTagsSchema,
} from './schemas';

const access = 'ecommerce.orders';
const one = z.object({ data: orderDetailSchema });
const bulk = z.object({ data: bulkLabelsViewSchema });

/**
 * The orders screens (`orders`, `orders/{id}`, `orders/create`, fulfilment and bulk labels).
 * The API implements it in modules/orders, the web calls it from features/orders/api.ts.
 */
export const ordersContract = defineContract('orders', {
  list: defineOperation({
    method: 'GET',
    path: '/orders',
    access,
    description:
      'One page of orders, the newest placed first. `tab` by fulfilment (open orders) or cancelled; `search` matches the number, the customer’s name or email, or a line’s SKU.',
    query: ordersQuerySchema,
    responses: { 200: pageSchema(orderListItemSchema) },
  }),
  summary: defineOperation({
    method: 'GET',
    path: '/orders/summary',
    access,
    description: 'The dashboard’s e-commerce figure: open, unfulfilled and last 30 days’ orders.',
    responses: { 200: z.object({ data: ordersSummarySchema }) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/orders/:id',
    access,
    params: orderParamsSchema,
    responses: { 200: one },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/orders',
    access,
    description:
      'A manual order: the lines reserve stock at `location_id` (409 INSUFFICIENT_STOCK with what is available); the address is checked against SEPOMEX; a new address is saved as a customer.',
    body: orderCreateSchema,
    idempotencyKey: 'required',
    responses: { 201: one },
  }),
  updateAddress: defineOperation({
    method: 'PUT',
    path: '/orders/:id/address',
    access,
    description:
      'Corrects the shipping address before anything is fulfilled (409 ORDER_ADDRESS_LOCKED after).',
    params: orderParamsSchema,
    body: orderAddressUpdateSchema,
    responses: { 200: one },
  }),
  setTags: defineOperation({
    method: 'PUT',
    path: '/orders/:id/tags',
    access,
    params: orderParamsSchema,
    body: orderTagsSchema,
    responses: { 200: one },
  }),
  linkLine: defineOperation({
    method: 'PUT',
    path: '/orders/:id/lines/:lineId/variant',
    access,
    description:
      'Links a line to a catalogue variant (and reserves its units); the SKU is remembered, so the store’s next orders with it link themselves.',
    params: orderLineParamsSchema,
    body: orderLineLinkSchema,
    responses: { 200: one },
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/orders/:id/cancel',
    access,
    description:
      'Cancels the order here and releases its reserved stock; `at_store` also cancels it at the store where the platform allows (else 409 ORDER_STORE_CANCEL_REFUSED after cancelling here).',
    params: orderParamsSchema,
    body: orderCancelSchema,
    responses: { 200: one },
  }),
  quote: defineOperation({
    method: 'POST',
    path: '/orders/:id/quote',
    access,
    description:
      'Quotes a fulfilment of the given lines from `origin_id` to the order’s address (409 ORDER_QUOTE_EMPTY when no carrier answers).',
    params: orderParamsSchema,
    body: orderQuoteSchema,
    responses: { 201: z.object({ data: quoteViewSchema }) },
  }),
  fulfill: defineOperation({
    method: 'POST',
    path: '/orders/:id/fulfillments',
    access,
    description:
      'Buys the fulfilment’s guide with a rate of the quote (the balance pays; the lines’ units ship), then pushes its tracking to the store in the background, retried until it succeeds.',
    params: orderParamsSchema,
    body: orderFulfillSchema,
    idempotencyKey: 'required',
    responses: { 201: z.object({ data: orderFulfillmentViewSchema }) },
  }),
  retryPush: defineOperation({
    method: 'POST',
    path: '/orders/:id/fulfillments/:fulfillmentId/push',
    access,
    description: 'Pushes a fulfilment’s tracking to the store now instead of at its next retry.',
    params: orderFulfillmentParamsSchema,
    responses: { 202: z.object({ data: orderFulfillmentViewSchema }) },
  }),
  startBulk: defineOperation({
    method: 'POST',
    path: '/orders/bulk-labels',
    access,
    description:
      'Buys a label for each selected order (up to 500) by the rule, in one background run; the balance is checked up front against an estimate (402 BULK_LABELS_BALANCE). Per-order errors do not stop the rest.',
    body: bulkLabelsSchema,
    idempotencyKey: 'required',
    responses: { 202: bulk },
  }),
  resolveBulkCsv: defineOperation({
    method: 'POST',
    path: '/orders/bulk-labels/csv',
    access,
    description: `multipart/form-data with one CSV (UTF-8, at most ${BULK_CSV_MAX_BYTES / 1024} KB): a header (${BULK_CSV_HEADERS.join(', ')}) and one order number per row as the list shows it (#1001), up to ${BULK_LABELS_MAX}. Nothing is written: the answer is every row with the organization's order it names, or why it is left out (unknown, cancelled, already fulfilled, repeated, several stores' orders), and the \`order_ids\` to send to startBulk.`,
    upload: { field: 'file' },
    responses: { 200: z.object({ data: bulkCsvViewSchema }) },
  }),
  getBulk: defineOperation({
    method: 'GET',
    path: '/orders/bulk-labels/:id',
    access,
    description: 'The run’s progress and each order’s result.',
    params: bulkParamsSchema,
    responses: { 200: bulk },
  }),
  bulkLabelsFile: defineOperation({
    method: 'GET',
    path: '/orders/bulk-labels/:id/labels',
    access,
    description: 'The run’s labels merged in one PDF (or ZPL), in the order of the selection.',
    params: bulkParamsSchema,
    query: bulkLabelsFileQuerySchema,
    download: true,
  }),
});
