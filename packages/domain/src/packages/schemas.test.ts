import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import { isSatProductCode, packageInputSchema, packageUnitFor, volumetricWeight } from './schemas';

const valid = {
  name: 'Caja chica',
  unit: 'cm_kg' as const,
  height: 10,
  length: 30.5,
  width: 20.25,
  weight: 1.125,
  sat_code: '24112700',
};

describe('packages domain', () => {
  it('computes the volumetric weight per unit', () => {
    expect(volumetricWeight({ unit: 'cm_kg', length: 50, width: 40, height: 30 })).toBe(12);
    expect(volumetricWeight({ unit: 'in_lb', length: 12, width: 10, height: 8 })).toBe(6.906);
  });

  it('follows the organization default unit', () => {
    expect(packageUnitFor('kg')).toBe('cm_kg');
    expect(packageUnitFor('lb')).toBe('in_lb');
  });

  it('accepts codes of the Carta Porte catalogue families only', () => {
    expect(isSatProductCode('01010101')).toBe(true);
    expect(isSatProductCode('24112700')).toBe(true);
    expect(isSatProductCode('99999999')).toBe(false);
    expect(isSatProductCode('2411270')).toBe(false);
    expect(isSatProductCode('2411270A')).toBe(false);
  });

  it('accepts a valid package and refuses each bad field with its message', () => {
    expect(packageInputSchema.safeParse(valid).success).toBe(true);
    const result = packageInputSchema.safeParse({
      name: ' ',
      unit: 'm_t',
      height: 0,
      length: -1,
      width: 1.234,
      weight: 1.2345,
      sat_code: '99999999',
    });
    expect(result.success).toBe(false);
    expect(localizeIssues(result.error!.issues, 'es')).toEqual({
      name: 'Este campo es obligatorio.',
      unit: 'Selecciona una opción válida.',
      height: 'Solo se aceptan números positivos.',
      length: 'Solo se aceptan números positivos.',
      width: 'Usa máximo 2 decimales.',
      weight: 'Usa máximo 3 decimales.',
      sat_code: 'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
    });
    expect(localizeIssues(result.error!.issues, 'en').weight).toBe('Use at most 3 decimals.');
  });
});
