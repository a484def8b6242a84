import { quoteRequestSchema, quoteViewSchema } from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['shipments'];
const security = [{ bearer: [] }];
const quoteParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
const one = z.object({ data: quoteViewSchema });

/**
 * Quotes: the quick quote (`create-shippings`) and the quote step of `shipment`. Any shipments
 * permission may quote; the purchase (`shipments.create_shipment`) buys from a stored quote.
 */
export const quotesRoutes: AppModule = async (app, deps) => {
  const { quotes } = deps;
  const access = { config: { access: 'shipments' as const } };

  app.post(
    '/quotes',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Rates of every enabled carrier for the zips and parcels (in/lb converted to cm/kg), with VAT; the quote is kept for 60 minutes. Carriers without a rate are listed in `unavailable` with the reason; no rate at all is still 201.',
        body: quoteRequestSchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const data = await quotes.create(
        organizationOf(request),
        authOf(request).userId,
        request.body,
        request.language,
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/quotes/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'A stored quote of the organization, names in the caller language.',
        params: quoteParamsSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await quotes.get(organizationOf(request), request.params.id, request.language),
    }),
  );
};
