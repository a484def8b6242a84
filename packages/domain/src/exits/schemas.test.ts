import { describe, expect, it } from 'vitest';
import { localizeIssues, type z } from '../validation';
import { exitCreateSchema, exitProcessSchema } from './schemas';

const VARIANT = '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  localizeIssues(result.error?.issues ?? [], 'es');

describe('exit quantities', () => {
  it('words each broken rule of a line for what it is', () => {
    const line = (quantity: unknown) =>
      messages(
        exitCreateSchema.safeParse({
          warehouse_id: VARIANT,
          destination: { kind: 'location', location_id: VARIANT },
          lines: [{ variant_id: VARIANT, quantity }],
        }),
      )['lines.0.quantity'];
    expect(line(-4)).toBe('El valor mínimo es 1.');
    expect(line(1.5)).toBe('Solo se aceptan números enteros.');
    expect(line(Number.NaN)).toBe('Ingresa un número.');
    expect(line(undefined)).toBe('Este campo es obligatorio.');
  });

  it('lets a line be sent at 0 (dropped), never below', () => {
    const quantity = (value: number) =>
      exitProcessSchema.safeParse({ quantities: [{ variant_id: VARIANT, quantity: value }] });
    expect(quantity(0).success).toBe(true);
    expect(messages(quantity(-1))['quantities.0.quantity']).toBe(
      'Solo se aceptan números positivos.',
    );
  });
});
