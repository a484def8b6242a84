import { satUnitsAnswerSchema, satUnitsQuerySchema } from '@despacho/domain';
import type { AppModule } from '../services';

/** SAT's unit catalogue (c_ClaveUnidad), for the unit field of a shipment's products. */
export const satUnitsRoutes: AppModule = async (app, deps) => {
  const { satUnits } = deps;

  app.get(
    '/sat-units',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['catalogs'],
        security: [{ bearer: [] }],
        description:
          'Up to 20 keys of c_ClaveUnidad: a key or its start matches keys (any case), other text the words of the name (accent-insensitive). Before the catalogue is imported it answers the built-in common units that match, with meta.catalogue_loaded false.',
        querystring: satUnitsQuerySchema,
        response: { 200: satUnitsAnswerSchema },
      },
    },
    async (request) => satUnits.search(request.query.search),
  );
};
