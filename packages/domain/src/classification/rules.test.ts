import { describe, expect, it } from 'vitest';
import {
  CLASSIFICATION_STATUSES,
  canTransition,
  classificationDueDate,
  classificationFee,
} from './rules';
import { classificationResultInputSchema } from './schemas';

describe('classification rules', () => {
  it('allows the paid path and nothing that skips a step', () => {
    expect(canTransition('UNCLASSIFIED', 'PROCESS_CLASSIFICATION')).toBe(true);
    expect(canTransition('PROCESS_CLASSIFICATION', 'IN_CLASSIFICATION')).toBe(true);
    expect(canTransition('IN_CLASSIFICATION', 'IN_REVIEW')).toBe(true);
    expect(canTransition('IN_REVIEW', 'CLASSIFIED')).toBe(true);
    expect(canTransition('REJECT', 'PROCESS_CLASSIFICATION')).toBe(true);
    expect(canTransition('IN_CLASSIFICATION', 'CLASSIFIED')).toBe(false);
    expect(canTransition('PROCESS_CLASSIFICATION', 'IN_REVIEW')).toBe(false);
    expect(canTransition('REJECT', 'CLASSIFIED')).toBe(false);
    for (const to of CLASSIFICATION_STATUSES)
      expect(canTransition('NOT_CLASSIFIABLE', to)).toBe(false);
  });

  it('splits 120.00 MXN into service and 16% VAT that add up to the centavo', () => {
    expect(classificationFee()).toEqual({
      total_centavos: 12_000,
      base_centavos: 10_345,
      vat_centavos: 1_655,
    });
    const three = classificationFee(3);
    expect(three.base_centavos + three.vat_centavos).toBe(36_000);
  });

  it('is due 7 business days later in Mexico City, rest days skipped', () => {
    // Friday 13 March 2026, 20:00 in Mexico City (02:00Z the next day): Monday 16 is a rest day.
    expect(classificationDueDate(new Date('2026-03-14T02:00:00Z'))).toBe('2026-03-25');
  });

  it('needs a rate for an ad valorem duty and drops it for an exempt one', () => {
    const base = {
      code: '8471.30.01.00',
      chapter: 'Máquinas',
      heading: 'Máquinas automáticas',
      subheading: 'Portátiles',
      fraction_text: 'Portátiles de peso inferior a 10 kg',
      rationale_rules: ['RGI_1', 'RGI_6'],
      rationale: 'Por su función.',
      tariff_data_date: '2026-01-02',
    };
    const exempt = classificationResultInputSchema.parse({
      ...base,
      duties: { general: { kind: 'exempt', rate_percent: 5 }, tmec: { kind: 'exempt' } },
    });
    expect(exempt.duties.general.rate_percent).toBeNull();
    expect(exempt.code).toEqual({ fraction: '84713001', nico: '00', complete: true });
    const missing = classificationResultInputSchema.safeParse({
      ...base,
      duties: { general: { kind: 'ad_valorem' }, tmec: { kind: 'exempt' } },
    });
    expect(missing.success).toBe(false);
  });
});
