import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { quoteViewSchema } from '../shipments/quotes';
import { z } from '../validation';
import {
  exitCreateSchema,
  exitProcessSchema,
  exitQuoteSchema,
  exitShipSchema,
  exitsPageSchema,
  exitsQuerySchema,
  exitViewSchema,
  staffExitDetailSchema,
  staffExitsQuerySchema,
  staffExitViewSchema,
} from './schemas';
import { pageSchema } from '../pagination';
import { GUIDE_CANCELLED_SHOWN_DAYS } from './rules';

const access = 'warehousing.warehouse_exits';
const one = z.object({ data: exitViewSchema });
const OUT_OF_STOCK =
  'A line without enough available stock at the warehouse answers 409 EXIT_OUT_OF_STOCK with `details.lines` (variant_id, sku, requested, available) and reserves nothing: remove the line or set its quantity to 0.';

/**
 * The exits screen (`products/outs`): stock taken out of a platform warehouse to a customer or
 * one of the organization's locations. The API implements it in modules/exits/exits.routes.ts,
 * the web calls it from features/exits/api.ts.
 */
export const exitsContract = defineContract('exits', {
  list: defineOperation({
    method: 'GET',
    path: '/exits',
    access,
    description:
      'One page of exits, newest first; filters by status and warehouse; `search` is the number or words of the reference.',
    query: exitsQuerySchema,
    responses: { 200: exitsPageSchema },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/exits',
    access,
    description:
      'Creates an exit `created` with the next number of the organization. The warehouse must be an active platform warehouse (409 EXIT_WAREHOUSE_ONLY), the destination one of the organization’s customer addresses or locations, the variants the organization’s (404 otherwise). Nothing is reserved yet.',
    body: exitCreateSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/exits/:id',
    access,
    params: idParamsSchema,
    responses: { 200: one },
  }),
  process: defineOperation({
    method: 'POST',
    path: '/exits/:id/process',
    access,
    summary: 'Sends a created exit to the warehouse, reserving its stock',
    description: `\`quantities\` may set a line's quantity (0 drops it). ${OUT_OF_STOCK} Only a created exit (409 EXIT_STATUS_CONFLICT); nothing left answers 409 EXIT_EMPTY.`,
    params: idParamsSchema,
    body: exitProcessSchema,
    responses: { 200: one },
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/exits/:id/cancel',
    access,
    description:
      'Cancels a created or processing exit; a reservation is released once. Cancelling a cancelled exit answers it unchanged; a shipped one is 409 EXIT_STATUS_CONFLICT; one whose dispatch is under way 409 EXIT_DISPATCHING (allowed again if the dispatch is refused).',
    params: idParamsSchema,
    responses: { 200: one },
  }),
});

const staffAccess = 'staff';
const tags = ['staff'];

/**
 * The staff dispatch console (`/staff/exits`): exits in processing per warehouse, their pick
 * list and packing, the guide bought through the purchase path and paid from the merchant's
 * balance, and shipping. The API implements it in modules/exits/staff-exits.routes.ts, the web
 * calls it from features/exits/dispatch-api.ts.
 */
export const staffExitsContract = defineContract('staff-exits', {
  queue: defineOperation({
    method: 'GET',
    path: '/staff/exits',
    access: staffAccess,
    tags,
    summary: 'Exits waiting to be dispatched, or whose guide the merchant cancelled',
    description: `\`view=to_dispatch\` (the default): processing exits, oldest first. \`view=guide_cancelled\`: exits cancelled because the merchant cancelled the guide they shipped with (decision 028), cancelled in the last ${GUIDE_CANCELLED_SHOWN_DAYS} days, newest first; their units are back on hand and their packed parcel is still at the warehouse, to unpack and put away.`,
    query: staffExitsQuerySchema,
    responses: { 200: pageSchema(staffExitViewSchema) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/staff/exits/:id',
    access: staffAccess,
    tags,
    description: 'The exit, its pick list and the organization’s saved packages.',
    params: idParamsSchema,
    responses: { 200: z.object({ data: staffExitDetailSchema }) },
  }),
  quote: defineOperation({
    method: 'POST',
    path: '/staff/exits/:id/quote',
    access: staffAccess,
    tags,
    description:
      'Rates for the packed parcels from the warehouse to the destination, stored as the organization’s quote. Only a processing exit (409 EXIT_STATUS_CONFLICT).',
    params: idParamsSchema,
    body: exitQuoteSchema,
    responses: { 201: z.object({ data: quoteViewSchema }) },
  }),
  ship: defineOperation({
    method: 'POST',
    path: '/staff/exits/:id/ship',
    access: staffAccess,
    tags,
    summary: 'Buys the guide from the merchant’s balance and ships the exit, audited',
    description:
      'Buys the guide through the purchase path (the purchase’s errors as they are: INSUFFICIENT_BALANCE, GUIDE_PAYMENT_FAILED, QUOTE_EXPIRED…; the exit stays processing with its reservation), then in one transaction takes the reserved units out of on hand, marks the exit shipped with the guide and tells the merchant their balance paid it (decision 028: a flow, resumed by a job after a crash). Sent again once the exit is shipped, it answers the exit and buys nothing more; while another dispatch of the exit runs, 409 EXIT_DISPATCHING.',
    params: idParamsSchema,
    body: exitShipSchema,
    responses: { 200: z.object({ data: staffExitViewSchema }) },
  }),
});
