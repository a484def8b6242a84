import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import { pesosAmountField, speiNotificationSchema } from './deposits';

const message = (value: string) =>
  localizeIssues(pesosAmountField.safeParse(value).error?.issues ?? [], 'es')['_'];

describe('amounts typed in pesos (spec §5)', () => {
  it('answers centavos', () => {
    expect(pesosAmountField.parse('1,500.5')).toBe(150_050);
    expect(pesosAmountField.parse('0.01')).toBe(1);
  });

  it.each([
    ['0', 'El monto debe ser mayor a 0.'],
    ['-20', 'El monto debe ser mayor a 0.'],
    ['12.345', 'Usa máximo 2 decimales.'],
    ['doce', 'Escribe el monto en pesos, por ejemplo 1500.50.'],
    ['1000000.01', 'El monto máximo por depósito es de $1,000,000.00.'],
    ['', 'Este campo es obligatorio.'],
  ])('refuses %s', (value, text) => {
    expect(message(value)).toBe(text);
  });
});

describe('SPEI notification', () => {
  it('normalizes the tracking key and checks the reference and bank', () => {
    const valid = {
      amount: '2500',
      origin_bank: '012',
      reference_type: 'concept',
      reference_number: 'DEPOSITO DESPACHO 01',
      tracking_key: 'mbnk12345',
    };
    expect(speiNotificationSchema.parse(valid)).toMatchObject({
      amount: 250_000,
      tracking_key: 'MBNK12345',
    });
    const result = speiNotificationSchema.safeParse({
      ...valid,
      origin_bank: '999',
      reference_number: 'corta',
      tracking_key: 'con espacios',
    });
    expect(localizeIssues(result.error?.issues ?? [], 'en')).toEqual({
      origin_bank: 'Choose a valid option.',
      reference_number: 'The reference must have at least 15 characters.',
      tracking_key:
        'The tracking key has 1 to 30 letters or digits, as shown on your SPEI receipt.',
    });
  });
});
