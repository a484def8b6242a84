import { postalCodeParamsSchema, postalCodeSchema } from '@despacho/domain';
import { z } from 'zod';
import type { AppModule } from '../services';

/** `GET /postal-codes/{zip}`: state, municipality, city and settlements, for address forms. */
export const postalCodesRoutes: AppModule = async (app, deps) => {
  const { postalCodes } = deps;
  app.get(
    '/postal-codes/:zip',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['catalogs'],
        security: [{ bearer: [] }],
        params: postalCodeParamsSchema,
        response: { 200: z.object({ data: postalCodeSchema }) },
      },
    },
    async (request) => ({ data: await postalCodes.lookup(request.params.zip) }),
  );
};
