import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { z } from '../validation';
import { quoteRequestSchema, quoteViewSchema } from './quotes';

const access = 'shipments';
const tags = ['shipments'];
const one = z.object({ data: quoteViewSchema });

/**
 * Quotes: the quick quote (`create-shippings`) and the quote step of `shipment`. Any shipments
 * permission may quote; the purchase (`shipments.create_shipment`) buys from a stored quote.
 * The API implements it in modules/shipments/quotes.routes.ts, the web calls it from
 * features/shipments/quotes-api.ts.
 */
export const quotesContract = defineContract('quotes', {
  create: defineOperation({
    method: 'POST',
    path: '/quotes',
    access,
    tags,
    description:
      'Rates of every enabled carrier for the zips and parcels (in/lb converted to cm/kg), with VAT; the quote is kept for 60 minutes. Carriers without a rate are listed in `unavailable` with the reason; no rate at all is still 201.',
    body: quoteRequestSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/quotes/:id',
    access,
    tags,
    description: 'A stored quote of the organization, names in the caller language.',
    params: idParamsSchema,
    responses: { 200: one },
  }),
});
