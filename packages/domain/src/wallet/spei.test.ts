import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import {
  depositRejectSchema,
  depositVoucherProblem,
  groupClabe,
  idempotencyKeyField,
} from './spei';

describe('receiving CLABE as people read it', () => {
  it('groups bank, plaza, account and check digit (3-3-11-1)', () => {
    expect(groupClabe('646180218000000011')).toBe('646 180 21800000001 1');
    expect(groupClabe('12345')).toBe('12345');
  });
});

describe('SPEI voucher picked in the browser', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('takes PDF, JPEG and PNG up to 1 MB', () => {
    expect(depositVoucherProblem(file('comprobante.pdf', 'application/pdf'))).toBeNull();
    expect(depositVoucherProblem(file('SPEI.JPG', 'image/jpeg'))).toBeNull();
    expect(depositVoucherProblem(file('spei.png', 'image/png', 1024 * 1024))).toBeNull();
  });

  it('says what is wrong', () => {
    expect(depositVoucherProblem(null)).toBe('FILE_REQUIRED');
    expect(depositVoucherProblem(file('vacio.pdf', 'application/pdf', 0))).toBe('FILE_REQUIRED');
    expect(depositVoucherProblem(file('spei.webp', 'image/webp'))).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(depositVoucherProblem(file('spei.png', 'image/png', 1024 * 1024 + 1))).toBe(
      'FILE_TOO_LARGE',
    );
  });
});

describe('rejecting a deposit', () => {
  const problem = (reason: unknown) =>
    localizeIssues(depositRejectSchema.safeParse({ reason }).error?.issues ?? [], 'es').reason;

  it('needs a reason of 5 to 200 characters', () => {
    expect(problem(undefined)).toBe('Este campo es obligatorio.');
    expect(problem('  ')).toBe('Este campo es obligatorio.');
    expect(problem('Mal')).toBe('Escribe al menos 5 caracteres.');
    expect(problem('x'.repeat(201))).toBe('Escribe máximo 200 caracteres.');
    expect(depositRejectSchema.parse({ reason: ' No coincide ' })).toEqual({
      reason: 'No coincide',
    });
  });
});

describe('Idempotency-Key', () => {
  it('is 8 to 100 printable characters', () => {
    expect(idempotencyKeyField.safeParse('3f2b9c1e-7a4d-4e8b-9c2f-1a2b3c4d5e6f').success).toBe(
      true,
    );
    expect(idempotencyKeyField.safeParse('corta').success).toBe(false);
    expect(idempotencyKeyField.safeParse('con espacio dentro').success).toBe(false);
    expect(idempotencyKeyField.safeParse(undefined).success).toBe(false);
  });
});
