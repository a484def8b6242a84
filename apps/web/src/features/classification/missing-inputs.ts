import { CLASSIFICATION_REQUIRED_INPUTS } from '@despacho/domain';

export type RequiredInput = (typeof CLASSIFICATION_REQUIRED_INPUTS)[number];

/** The required inputs still blank in what the form holds for one product. */
export function missingInputs(values: Partial<Record<RequiredInput, unknown>>): RequiredInput[] {
  return CLASSIFICATION_REQUIRED_INPUTS.filter((key) => {
    const value = values[key];
    return typeof value !== 'string' || value.trim() === '';
  });
}
