import { z } from '../validation';
import type { Language } from '../language';
import { clabeProblem, normalizeClabe } from './clabe';
import { organizationCreateSchema } from './schemas';
import { ORGANIZATION_TIME_ZONES } from './time-zones';
import {
  cfdiUse,
  CFDI_USES,
  GENERIC_RFC_CFDI_USE,
  GENERIC_RFC_REGIME,
  GENERIC_RFCS,
  fiscalZipCodeProblem,
  hasRegimeSuffix,
  isTaxPersonType,
  isGenericRfc,
  isPaymentForm,
  isPaymentMethod,
  normalizeLegalName,
  normalizeRfc,
  PAYMENT_FORMS,
  PAYMENT_METHODS,
  TAX_PERSON_TYPES,
  personTypeOfRfc,
  rfcProblem,
  TAX_REGIMES,
  taxRegime,
  type GenericRfc,
  type TaxPersonType,
} from './tax';

/**
 * The account details screen (`settings/details`): the organization with its logo, its tax
 * information for CFDI 4.0 and its deposit data. The user and password sections use the
 * existing `PUT users`, `PATCH user/change-language` and `PUT auth/password/reset` payloads.
 */

/** Logo upload (spec §5/§9: 1 MB), type checked from the content on the server. */
export const LOGO_RULES = {
  maxBytes: 1024 * 1024,
  /** The multipart field the file travels in. */
  field: 'file',
  kinds: ['png', 'jpeg', 'webp'],
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** `PUT organization`: the fields the sign-up wizard asked for, and the organization's clock. */
export const organizationUpdateSchema = organizationCreateSchema.extend({
  time_zone: z.enum(ORGANIZATION_TIME_ZONES, { error: 'one_of' }),
});
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Tax information
// ---------------------------------------------------------------------------------------------

const satCode = (known: (code: string) => boolean) =>
  z.string().trim().min(1, { error: 'required' }).refine(known, { error: 'one_of' });

const rfcField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .transform(normalizeRfc)
  .superRefine((rfc, ctx) => {
    const problem = rfcProblem(rfc);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem === 'format' ? 'rfc' : 'rfc_check_digit' });
    }
  });

const fiscalZipCodeField = z
  .string()
  .trim()
  .superRefine((zip, ctx) => {
    const problem = fiscalZipCodeProblem(zip);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: zip === '' ? 'required' : problem === 'format' ? 'zip_code' : 'zip_code_unknown',
      });
    }
  });

interface TaxInfoDraft {
  legal_name?: unknown;
  person_type?: unknown;
  tax_regime?: unknown;
  cfdi_use?: unknown;
  tax_id?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The combinations SAT accepts for an invoice's receiver: the RFC's length matches the type of
 * person, the regime applies to that type, the CFDI use is valid for the regime, and a generic
 * RFC goes only with regime 616 and use S01. Each rule speaks only when the fields it relates
 * are valid on their own, so a field shows one message at a time.
 */
function taxInfoCombinationIssues(draft: TaxInfoDraft): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const personType = isTaxPersonType(draft.person_type) ? draft.person_type : null;
  const rfc = normalizeRfc(text(draft.tax_id));
  const validRfc = rfc !== '' && rfcProblem(rfc) === null;
  const generic = validRfc && isGenericRfc(rfc);
  const regime = taxRegime(text(draft.tax_regime).trim());
  const use = cfdiUse(text(draft.cfdi_use).trim());

  if (personType === 'moral' && hasRegimeSuffix(text(draft.legal_name))) {
    issues.push({ path: 'legal_name', message: 'legal_name_suffix' });
  }
  if (validRfc && personType && personTypeOfRfc(rfc) !== personType) {
    issues.push({ path: 'tax_id', message: 'rfc_person_type' });
  }
  if (regime && generic && regime.code !== GENERIC_RFC_REGIME) {
    issues.push({ path: 'tax_regime', message: 'generic_rfc_regime' });
  } else if (regime && personType && !regime.person_types.includes(personType)) {
    issues.push({ path: 'tax_regime', message: 'tax_regime_person_type' });
  }
  if (use && generic && use.code !== GENERIC_RFC_CFDI_USE) {
    issues.push({ path: 'cfdi_use', message: 'generic_rfc_use' });
  } else if (
    use &&
    regime &&
    (!use.regimes.includes(regime.code) || (personType && !use.person_types.includes(personType)))
  ) {
    issues.push({ path: 'cfdi_use', message: 'cfdi_use_regime' });
  }
  return issues;
}

/** `PUT organization/tax-info`: the receiver data of the invoices Despacho issues. */
export const taxInfoUpdateSchema = z
  .object({
    /** Razón social exactly as on the Constancia de Situación Fiscal, in upper case. */
    legal_name: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(254)
      .transform(normalizeLegalName),
    person_type: z.enum(TAX_PERSON_TYPES, { error: 'one_of' }),
    zip_code: fiscalZipCodeField,
    tax_regime: satCode((code) => taxRegime(code) !== undefined),
    payment_form: satCode(isPaymentForm),
    payment_method: satCode(isPaymentMethod),
    cfdi_use: satCode((code) => cfdiUse(code) !== undefined),
    tax_id: rfcField,
  })
  .superRefine((draft, ctx) => {
    for (const { path, message } of taxInfoCombinationIssues(draft)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type TaxInfoUpdate = z.infer<typeof taxInfoUpdateSchema>;
export type TaxInfoDraftValues = z.input<typeof taxInfoUpdateSchema>;

export const taxInfoSchema = z.object({
  legal_name: z.string(),
  person_type: z.enum(TAX_PERSON_TYPES),
  zip_code: z.string(),
  tax_regime: z.string(),
  payment_form: z.string(),
  payment_method: z.string(),
  cfdi_use: z.string(),
  tax_id: z.string(),
  updated_at: z.string(),
});
export type TaxInfo = z.infer<typeof taxInfoSchema>;

// ---------------------------------------------------------------------------------------------
// SAT catalogues, as `GET catalogs/sat` answers them
// ---------------------------------------------------------------------------------------------

const PERSON_TYPE_LABELS: Record<TaxPersonType, Record<Language, string>> = {
  fisica: { es: 'Persona física', en: 'Individual (persona física)' },
  moral: { es: 'Persona moral', en: 'Legal entity (persona moral)' },
};

const GENERIC_RFC_LABELS: Record<(typeof GENERIC_RFCS)[GenericRfc], Record<Language, string>> = {
  national: {
    es: 'Público en general (sin RFC)',
    en: 'General public (no RFC)',
  },
  foreign: {
    es: 'Residente en el extranjero (sin RFC)',
    en: 'Foreign resident (no RFC)',
  },
};

const satOptionSchema = z.object({ code: z.string(), description: z.string(), label: z.string() });

export const satCatalogsSchema = z.object({
  person_types: z.array(z.object({ code: z.enum(TAX_PERSON_TYPES), label: z.string() })),
  tax_regimes: z.array(satOptionSchema.extend({ person_types: z.array(z.enum(TAX_PERSON_TYPES)) })),
  cfdi_uses: z.array(
    satOptionSchema.extend({
      person_types: z.array(z.enum(TAX_PERSON_TYPES)),
      regimes: z.array(z.string()),
    }),
  ),
  payment_forms: z.array(satOptionSchema),
  payment_methods: z.array(satOptionSchema),
  generic_rfcs: z.array(
    z.object({ rfc: z.string(), label: z.string(), tax_regime: z.string(), cfdi_use: z.string() }),
  ),
});
export type SatCatalogs = z.infer<typeof satCatalogsSchema>;

/** The catalogues with our own words in the caller's language; SAT's descriptions stay Spanish. */
export function satCatalogs(language: Language): SatCatalogs {
  return {
    person_types: TAX_PERSON_TYPES.map((code) => ({
      code,
      label: PERSON_TYPE_LABELS[code][language],
    })),
    tax_regimes: [...TAX_REGIMES],
    cfdi_uses: [...CFDI_USES],
    payment_forms: [...PAYMENT_FORMS],
    payment_methods: [...PAYMENT_METHODS],
    generic_rfcs: (Object.keys(GENERIC_RFCS) as GenericRfc[]).map((rfc) => ({
      rfc,
      label: GENERIC_RFC_LABELS[GENERIC_RFCS[rfc]][language],
      tax_regime: GENERIC_RFC_REGIME,
      cfdi_use: GENERIC_RFC_CFDI_USE,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Deposit data
// ---------------------------------------------------------------------------------------------

/** `PUT organization/deposit-data`: the account the organization sends its SPEI deposits from. */
export const depositDataUpdateSchema = z.object({
  clabe: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .transform(normalizeClabe)
    .superRefine((clabe, ctx) => {
      const problem = clabeProblem(clabe);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: problem === 'format' ? 'clabe' : 'clabe_check_digit',
        });
      }
    }),
});
export type DepositDataUpdate = z.infer<typeof depositDataUpdateSchema>;

export const depositDataSchema = z.object({
  clabe: z.string(),
  /** The bank from the CLABE's first 3 digits; `name` is null for a bank outside our table. */
  bank: z.object({ code: z.string(), name: z.string().nullable() }),
  updated_at: z.string(),
});
export type DepositData = z.infer<typeof depositDataSchema>;
