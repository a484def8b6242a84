import { describe, expect, it } from 'vitest';
import { readStatement } from './bank-statements.service';

const HEADER =
  'fecha,clave_rastreo,banco_emisor,clabe_emisor,nombre_emisor,clabe_beneficiario,monto,concepto';
const CLABE = '646180218000000017';

describe('bank statement', () => {
  it('turns rows into transfers in centavos, Mexico City time', () => {
    const result = readStatement(
      `${HEADER}\n2026-03-02 18:30,ab12,012,012180001234567891,Ana,${CLABE},"1,250.50",Saldo\n`,
    );
    expect(result).toEqual({
      ok: true,
      transfers: [
        {
          line: 2,
          transfer: {
            tracking_key: 'AB12',
            operation_date: '2026-03-02',
            sender_bank: '012',
            sender_clabe: '012180001234567891',
            sender_name: 'Ana',
            beneficiary_clabe: CLABE,
            amount_centavos: 125_050,
            concept: 'Saldo',
            received_at: '2026-03-03T00:30:00.000Z',
          },
        },
      ],
    });
  });

  it('names the first bad row and its column', () => {
    const result = readStatement(
      `${HEADER}\n2026-03-02,A1,012,012180001234567891,Ana,${CLABE},10.00,\n` +
        `2026-03-02,A2,12,012180001234567891,Ana,${CLABE},10.00,\n`,
    );
    expect(result).toMatchObject({
      ok: false,
      problem: { line: 3, column: 'banco_emisor', issue: { message: 'spei_bank_code' } },
    });
  });

  it('refuses a file without rows or without the required columns', () => {
    expect(readStatement(`${HEADER}\n`)).toMatchObject({
      ok: false,
      problem: { message: 'statement_empty' },
    });
    expect(readStatement('fecha,monto\n2026-03-02,1\n')).toMatchObject({
      ok: false,
      problem: { line: 1, message: 'statement_header' },
    });
  });
});
