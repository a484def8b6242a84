import { z } from '../validation';
import { LANGUAGES } from '../language';
import { companyField, phoneCountryCodeField, phoneField, requiredText } from '../fields';
import { ORGANIZATION_TIME_ZONES } from './time-zones';

export const CURRENCIES = ['MXN', 'USD'] as const;
/** Unit systems for parcels: kilograms with centimetres, or pounds with inches. */
export const UNITS_OF_MEASURE = ['kg', 'lb'] as const;

export const languageSchema = z.enum(LANGUAGES, { error: 'one_of' });

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  last_name: z.string(),
  phone_country_code: z.string(),
  phone: z.string(),
  language: languageSchema,
  status: z.enum(['active', 'inactive']),
  phone_verified: z.boolean(),
  is_staff: z.boolean(),
  role: z.string().nullable(),
  permissions: z.array(z.string()),
  home: z.enum(['shipment', 'dashboard', 'staff']),
});
export type User = z.infer<typeof userSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  company: z.string(),
  /** `/api/v1/organization/logo?v=<file id>` (`organizationLogoUrl`), null without a logo. */
  logo_url: z.string().startsWith('/api/v1/organization/logo').nullable(),
  default_currency: z.enum(CURRENCIES),
  default_unit: z.enum(UNITS_OF_MEASURE),
  abbreviation: z.string(),
  /** The organization's clock: every date on its screens and every day its filters name. */
  time_zone: z.enum(ORGANIZATION_TIME_ZONES),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The organization step of sign-up (`wizard/{token}`). */
export const organizationCreateSchema = z.object({
  company: companyField,
  default_currency: z.enum(CURRENCIES, { error: 'one_of' }),
  default_unit: z.enum(UNITS_OF_MEASURE, { error: 'one_of' }),
  abbreviation: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(15)
    .transform((value) => value.toUpperCase()),
});
export type OrganizationCreate = z.infer<typeof organizationCreateSchema>;

/** `PUT users`: the signed-in user's own profile. */
export const profileUpdateSchema = z.object({
  name: requiredText(50),
  last_name: requiredText(50),
  phone_country_code: phoneCountryCodeField,
  phone: phoneField,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const meSchema = z.object({ user: userSchema, organization: organizationSchema.nullable() });
export type Me = z.infer<typeof meSchema>;

/** `PATCH user/change-language?language=`. */
export const changeLanguageQuerySchema = z.object({ language: languageSchema });
