import { satProductParamsSchema, satProductSchema, satProductsQuerySchema } from '@despacho/domain';
import { z } from 'zod';
import type { AppModule } from '../services';

const tags = ['catalogs'];
const security = [{ bearer: [] }];

/** The SAT Carta Porte product catalogue, for the SAT code fields (packages, products). */
export const satProductsRoutes: AppModule = async (app, deps) => {
  const { satProducts } = deps;

  app.get(
    '/sat-products',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        description:
          'Up to 20 codes of c_ClaveProdServCP: digits match codes by prefix, other text the words of the description and similar words (accent-insensitive). 404 SAT_PRODUCTS_NOT_LOADED before the catalogue is imported.',
        querystring: satProductsQuerySchema,
        response: { 200: z.object({ data: z.array(satProductSchema) }) },
      },
    },
    async (request) => ({ data: await satProducts.search(request.query.search) }),
  );

  app.get(
    '/sat-products/:code',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        description: 'One code of c_ClaveProdServCP, or 404 SAT_PRODUCT_NOT_FOUND.',
        params: satProductParamsSchema,
        response: { 200: z.object({ data: satProductSchema }) },
      },
    },
    async (request) => ({ data: await satProducts.get(request.params.code) }),
  );
};
