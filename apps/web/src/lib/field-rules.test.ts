import {
  addressFieldsSchema,
  locationSchema,
  optionalText,
  requiredText,
  z,
} from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { fieldRulesOf, isRequiredText, maxLengthOf, textFieldRules } from './field-rules';

describe('field rules read from the shared schemas', () => {
  it('finds a text limit through optional, piped and defaulted wrappers', () => {
    const { shape } = addressFieldsSchema;
    expect(maxLengthOf(shape.street)).toBe(35);
    expect(maxLengthOf(shape.reference)).toBe(15);
    expect(maxLengthOf(shape.internal_number)).toBe(10);
    expect(maxLengthOf(locationSchema.shape.company)).toBe(100);
    expect(maxLengthOf(z.string().max(3).default('MX'))).toBe(3);
    expect(maxLengthOf(shape.zip)).toBeUndefined();
  });

  it('calls a field required when its schema refuses it blank', () => {
    expect(isRequiredText(requiredText(20))).toBe(true);
    expect(isRequiredText(optionalText(20))).toBe(false);
    expect(isRequiredText(addressFieldsSchema.shape.zip)).toBe(true);
    expect(textFieldRules(addressFieldsSchema.shape.reference)).toEqual({
      required: false,
      maxLength: 15,
    });
  });

  it('reads the rules of every field of a shape', () => {
    const rules = fieldRulesOf(addressFieldsSchema.shape);
    expect(rules.street).toEqual({ required: true, maxLength: 35 });
    expect(rules.internal_number).toEqual({ required: false, maxLength: 10 });
  });
});
