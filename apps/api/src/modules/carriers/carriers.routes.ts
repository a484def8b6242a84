import {
  carrierParamsSchema,
  carrierSchema,
  carrierUpdateSchema,
  carrierView,
} from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['carriers'];
const security = [{ bearer: [] }];

/**
 * The carriers screen (`settings/carriers`): the catalogue with the organization's choice, read
 * and changed with `settings.carriers`. The enabled ones are readable by any member, for the
 * screens of other domains (quotes, shipments) that offer them.
 */
export const carriersRoutes: AppModule = async (app, deps) => {
  const { carriers } = deps;
  const settings = { config: { access: 'settings.carriers' as const } };

  app.get(
    '/carriers',
    {
      ...settings,
      schema: { tags, security, response: { 200: z.object({ data: z.array(carrierSchema) }) } },
    },
    async (request) => ({ data: await carriers.list(organizationOf(request), request.language) }),
  );

  app.get(
    '/carriers/enabled',
    {
      config: { access: 'organization' },
      schema: {
        tags,
        security,
        description: 'The carriers the organization ships with: the ones quotes are asked from.',
        response: { 200: z.object({ data: z.array(carrierSchema) }) },
      },
    },
    async (request) => ({
      data: (await carriers.enabledCarriers(organizationOf(request))).map((carrier) =>
        carrierView(carrier, true, request.language),
      ),
    }),
  );

  app.put(
    '/carriers/:key',
    {
      ...settings,
      schema: {
        tags,
        security,
        description: 'Enables or disables a carrier for the organization; 404 for an unknown key.',
        params: carrierParamsSchema,
        body: carrierUpdateSchema,
        response: { 200: z.object({ data: carrierSchema }) },
      },
    },
    async (request) => ({
      data: await carriers.setEnabled(
        organizationOf(request),
        request.params.key,
        request.body.enabled,
        request.language,
      ),
    }),
  );
};
