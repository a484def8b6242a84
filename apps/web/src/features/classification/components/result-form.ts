import type { ClassificationResult, z } from '@despacho/domain';
import type { classificationResultInputSchema } from '@despacho/domain';

export type ResultFormValues = z.input<typeof classificationResultInputSchema>;

const EMPTY_DUTY = { kind: 'ad_valorem', rate_percent: null } as const;

/** The form's values: blank, or the result being prepared, as the classifier recorded it. */
export function resultFormValues(result: ClassificationResult | null): ResultFormValues {
  if (!result) {
    return {
      code: '',
      chapter: '',
      heading: '',
      subheading: '',
      fraction_text: '',
      rationale_rules: [],
      rationale: '',
      duties: { general: { ...EMPTY_DUTY }, tmec: { ...EMPTY_DUTY }, no_agreement: null },
      restrictions: [],
      tariff_data_date: '',
    };
  }
  return {
    code: result.code,
    chapter: result.chain.chapter.description,
    heading: result.chain.heading.description,
    subheading: result.chain.subheading.description,
    fraction_text: result.chain.fraction.description,
    rationale_rules: result.rationale.rules,
    rationale: result.rationale.text,
    duties: result.duties,
    restrictions: result.restrictions.map(({ kind, authority, code, description }) => ({
      kind,
      authority,
      code,
      description,
    })),
    tariff_data_date: result.tariff_data_date,
  };
}
