import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import {
  depositDataSchema,
  depositDataUpdateSchema,
  LOGO_RULES,
  organizationUpdateSchema,
  satCatalogsSchema,
  taxInfoSchema,
  taxInfoUpdateSchema,
} from './account-details';
import {
  changeLanguageQuerySchema,
  meSchema,
  organizationSchema,
  profileUpdateSchema,
  userSchema,
} from './schemas';

const access = 'signed-in';
const user = z.object({ data: userSchema });
/** The account details screen's operations: documented apart, as they always were. */
const details = { tags: ['account details'] };
const member = 'organization';
const myCompany = 'settings.my_company';
const organization = z.object({ data: organizationSchema });

/**
 * The signed-in user's own account (`GET me`, `PUT users`, `PATCH user/change-language`) and the
 * account details screen (`settings/details`). Members of the organization read its company
 * data and logo; changing anything takes `settings.my_company`, which also reads the tax
 * information. The deposit data is read by `settings.my_company` or `finances.deposits` (the
 * deposits screen shows which account the wallet expects transfers from), which its handler
 * checks. The API implements it in modules/accounts/accounts.routes.ts (the details'
 * handlers in account-details.routes.ts), the web calls it from lib/api/accounts.ts.
 */
export const accountsContract = defineContract('accounts', {
  me: defineOperation({
    method: 'GET',
    path: '/me',
    access,
    responses: { 200: z.object({ data: meSchema }) },
  }),
  updateProfile: defineOperation({
    method: 'PUT',
    path: '/users',
    access,
    body: profileUpdateSchema,
    responses: { 200: user },
  }),
  changeLanguage: defineOperation({
    method: 'PATCH',
    path: '/user/change-language',
    access,
    query: changeLanguageQuerySchema,
    responses: { 200: user },
  }),

  organization: defineOperation({
    method: 'GET',
    path: '/organization',
    ...details,
    access: member,
    responses: { 200: organization },
  }),
  updateOrganization: defineOperation({
    method: 'PUT',
    path: '/organization',
    ...details,
    access: myCompany,
    body: organizationUpdateSchema,
    responses: { 200: organization },
  }),
  logo: defineOperation({
    method: 'GET',
    path: '/organization/logo',
    ...details,
    access: member,
    description: 'The logo image (PNG, JPEG or WebP); 404 when the organization has none.',
    query: z.object({ v: z.string().max(64).optional() }),
    download: true,
  }),
  publicLogo: defineOperation({
    method: 'GET',
    path: '/logos/:fileId',
    ...details,
    access: 'public',
    // Anyone with the address (the public tracking page shows it): capped against walking ids.
    rateLimit: { max: 120, timeWindow: '1 minute' },
    description:
      "An organization's current logo by its file id, without signing in (`publicLogoUrl`); 404 for any id that is not an organization's logo now.",
    params: z.object({ fileId: z.uuid() }),
    download: true,
  }),
  uploadLogo: defineOperation({
    method: 'POST',
    path: '/organization/logo',
    ...details,
    access: myCompany,
    description:
      'multipart/form-data with one file: PNG, JPEG or WebP, at most 1 MB, type read from its content.',
    upload: { field: LOGO_RULES.field },
    responses: { 200: organization },
  }),
  removeLogo: defineOperation({
    method: 'DELETE',
    path: '/organization/logo',
    ...details,
    access: myCompany,
    responses: { 200: organization },
  }),
  taxInfo: defineOperation({
    method: 'GET',
    path: '/organization/tax-info',
    ...details,
    access: myCompany,
    responses: { 200: z.object({ data: taxInfoSchema.nullable() }) },
  }),
  saveTaxInfo: defineOperation({
    method: 'PUT',
    path: '/organization/tax-info',
    ...details,
    access: myCompany,
    body: taxInfoUpdateSchema,
    responses: { 200: z.object({ data: taxInfoSchema }) },
  }),
  depositData: defineOperation({
    method: 'GET',
    path: '/organization/deposit-data',
    ...details,
    access: member,
    description: 'Readable with settings.my_company or finances.deposits.',
    responses: { 200: z.object({ data: depositDataSchema.nullable() }) },
  }),
  saveDepositData: defineOperation({
    method: 'PUT',
    path: '/organization/deposit-data',
    ...details,
    access: myCompany,
    // Where the merchant's money goes back to: changed by a person, never by a key.
    sessionOnly: true,
    body: depositDataUpdateSchema,
    responses: { 200: z.object({ data: depositDataSchema }) },
  }),
  satCatalogs: defineOperation({
    method: 'GET',
    path: '/catalogs/sat',
    ...details,
    access: 'signed-in',
    description: 'SAT catalogues for tax information (CFDI 4.0); SAT descriptions stay in Spanish.',
    responses: { 200: z.object({ data: satCatalogsSchema }) },
  }),
});

/**
 * `organization.logo_url`: where members fetch the logo (with their bearer token). The file id
 * in the query changes with every upload, so a new logo is never served from a cache.
 */
export const organizationLogoUrl = (fileId: string) =>
  `/api/v1${accountsContract.logo.path}?v=${fileId}`;

/**
 * Where anyone may fetch an organization's logo (the public tracking page): the file id is random
 * and changes with every upload, and the route serves only a current logo.
 */
export const publicLogoUrl = (fileId: string) =>
  `/api/v1${accountsContract.publicLogo.path.replace(':fileId', fileId)}`;
