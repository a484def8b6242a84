import {
  depositDataSchema,
  depositDataUpdateSchema,
  hasPermission,
  LOGO_RULES,
  organizationSchema,
  organizationUpdateSchema,
  taxInfoSchema,
  taxInfoUpdateSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AppModule } from '../services';

const tags = ['account details'];
const security = [{ bearer: [] }];
const organizationAnswer = z.object({ data: organizationSchema });
const taxInfoAnswer = z.object({ data: taxInfoSchema });
const depositDataAnswer = z.object({ data: depositDataSchema });

/**
 * The account details screen (`settings/details`). Members of the organization read its company
 * data and logo; changing anything takes `settings.my_company`, which also reads the tax
 * information. The deposit data is read by `settings.my_company` or `finances.deposits` (the
 * deposits screen shows which account the wallet expects transfers from).
 */
export const accountDetailsRoutes: AppModule = async (app, deps) => {
  const details = deps.accountDetails;
  const member = { config: { access: 'organization' as const } };
  const myCompany = { config: { access: 'settings.my_company' as const } };

  app.get(
    '/organization',
    { ...member, schema: { tags, security, response: { 200: organizationAnswer } } },
    async (request) => ({ data: await details.organization(organizationOf(request)) }),
  );

  app.put(
    '/organization',
    {
      ...myCompany,
      schema: {
        tags,
        security,
        body: organizationUpdateSchema,
        response: { 200: organizationAnswer },
      },
    },
    async (request) => ({
      data: await details.updateOrganization(organizationOf(request), request.body),
    }),
  );

  app.get(
    '/organization/logo',
    {
      ...member,
      schema: {
        tags,
        security,
        description: 'The logo image (PNG, JPEG or WebP); 404 when the organization has none.',
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => deps.files.send(reply, await details.logo(organizationOf(request))),
  );

  app.post(
    '/organization/logo',
    {
      ...myCompany,
      schema: {
        tags,
        security,
        description:
          'multipart/form-data with one file: PNG, JPEG or WebP, at most 1 MB, type read from its content.',
        consumes: ['multipart/form-data'],
        response: { 200: organizationAnswer },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const file = await deps.files.receive(request, {
        organizationId,
        purpose: 'logo',
        allowed: [...LOGO_RULES.kinds],
        field: LOGO_RULES.field,
        maxBytes: LOGO_RULES.maxBytes,
        uploadedBy: authOf(request).userId,
      });
      return { data: await details.useLogo(organizationId, file) };
    },
  );

  app.delete(
    '/organization/logo',
    { ...myCompany, schema: { tags, security, response: { 200: organizationAnswer } } },
    async (request) => ({ data: await details.removeLogo(organizationOf(request)) }),
  );

  app.get(
    '/organization/tax-info',
    {
      ...myCompany,
      schema: { tags, security, response: { 200: z.object({ data: taxInfoSchema.nullable() }) } },
    },
    async (request) => ({ data: await details.taxInfo(organizationOf(request)) }),
  );

  app.put(
    '/organization/tax-info',
    {
      ...myCompany,
      schema: { tags, security, body: taxInfoUpdateSchema, response: { 200: taxInfoAnswer } },
    },
    async (request) => ({
      data: await details.saveTaxInfo(organizationOf(request), request.body),
    }),
  );

  app.get(
    '/organization/deposit-data',
    {
      ...member,
      schema: {
        tags,
        security,
        description: 'Readable with settings.my_company or finances.deposits.',
        response: { 200: z.object({ data: depositDataSchema.nullable() }) },
      },
    },
    async (request) => {
      const { permissions } = authOf(request);
      if (
        !hasPermission(permissions, 'settings.my_company') &&
        !hasPermission(permissions, 'finances.deposits')
      ) {
        throw new AppError('FORBIDDEN');
      }
      return { data: await details.depositData(organizationOf(request)) };
    },
  );

  app.put(
    '/organization/deposit-data',
    {
      ...myCompany,
      schema: {
        tags,
        security,
        body: depositDataUpdateSchema,
        response: { 200: depositDataAnswer },
      },
    },
    async (request) => ({
      data: await details.saveDepositData(organizationOf(request), request.body, request.language),
    }),
  );
};
