import type { T1LineInput, T1QuoteRequestInput } from '@despacho/domain';

/**
 * The T1 wizard keeps one form of `t1QuoteRequestSchema`'s input, the body the quote takes:
 * each step validates its part with that schema, and leaving the customs step asks for the quote.
 * Paying names the quote and a rate only, so what is bought is what was quoted.
 */
export type T1Values = T1QuoteRequestInput;

export const STEPS = [
  'direction',
  'route',
  'packages',
  'lines',
  'customs',
  'quote',
  'pay',
] as const;
export type StepKey = (typeof STEPS)[number];
export const QUOTE_STEP = STEPS.indexOf('quote');
export const PAY_STEP = STEPS.indexOf('pay');
/** The last step of the form: going on from it asks for the quote. */
export const CUSTOMS_STEP = STEPS.indexOf('customs');

/** The fields each step validates before the next one opens. */
export const STEP_FIELDS: Record<StepKey, readonly (keyof T1Values)[]> = {
  direction: ['direction'],
  route: ['location_id', 'abroad'],
  packages: ['packages'],
  lines: ['currency', 'lines'],
  customs: ['incoterm', 'reason', 'reason_detail', 'recipient_tax_id', 'reference'],
  quote: [],
  pay: [],
};

/** The step that holds a field the server named (`lines.1.tariff_code`). */
export function stepOfField(path: string): number {
  const root = path.split('.')[0] as keyof T1Values;
  const index = STEPS.findIndex((step) => STEP_FIELDS[step].includes(root));
  return index === -1 ? CUSTOMS_STEP : index;
}

export const newLine = (productId: string): T1LineInput => ({
  product_id: productId,
  description: '',
  tariff_code: '',
  quantity: 1,
  unit_value: '',
  origin_country: 'MEX',
});

export const initialValues = (): T1Values => ({
  direction: 'export',
  location_id: '',
  abroad: {
    country: '',
    postal_code: '',
    city: '',
    state: '',
    line1: '',
    line2: '',
    contact_name: '',
    company: '',
    email: '',
    phone: '',
  },
  packages: [{ package_id: null, unit: 'cm_kg' } as T1Values['packages'][number]],
  currency: 'USD',
  lines: [],
  incoterm: 'DAP',
  reason: 'sale',
  reason_detail: '',
  recipient_tax_id: '',
  reference: '',
});
