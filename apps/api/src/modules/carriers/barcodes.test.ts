/**
 * The labels' symbols from bwip-js, read back independently: Code 128 by a decoder written from
 * the published symbol table (structure, check symbol, code sets), QR by jsQR.
 */
import { describe, expect, it } from 'vitest';
import { code128Modules, qrModules } from './barcodes';
import {
  asBits,
  CODE128_PATTERNS,
  decodeCode128,
  readQr,
  START_B,
  START_C,
  STOP_BITS,
} from './barcodes.test-support';

/** Published module pattern (1 = bar) of the start B symbol. */
const START_B_BITS = '11010010000';
const START_C_BITS = '11010011100';

describe('the Code 128 reference table of the tests', () => {
  it('has 106 symbols of 3 bars and 3 spaces over 11 modules, with even bar width, plus the stop', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.slice(0, 106).forEach((pattern) => {
      const widths = [...pattern].map(Number);
      expect(widths).toHaveLength(6);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11);
      expect((widths[0]! + widths[2]! + widths[4]!) % 2).toBe(0);
      widths.forEach((w) => expect(w >= 1 && w <= 4).toBe(true));
    });
    const stop = [...CODE128_PATTERNS[106]!].map(Number);
    expect(stop).toHaveLength(7);
    expect(stop.reduce((a, b) => a + b, 0)).toBe(13);
  });
});

describe('code128Modules', () => {
  it('encodes printable text in set B with the published start and stop patterns', () => {
    const text = 'PJJ-C';
    const modules = code128Modules(text);
    expect(asBits(modules).startsWith(START_B_BITS)).toBe(true);
    expect(asBits(modules).endsWith(STOP_BITS)).toBe(true);
    // set B value = ASCII − 32; check = (104 + Σ value·position) mod 103
    const values = [...text].map((c) => c.charCodeAt(0) - 32);
    const check = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
    expect(decodeCode128(modules)).toEqual({ text, symbols: [START_B, ...values, check] });
    expect(modules).toHaveLength(11 * text.length + 11 + 11 + 13);
  });

  it('packs a digits-only text in set C, shorter than the same text in set B', () => {
    const text = '1234567890';
    const modules = code128Modules(text);
    expect(asBits(modules).startsWith(START_C_BITS)).toBe(true);
    expect(modules).toHaveLength(11 * (1 + 5 + 1) + 13);
    expect(decodeCode128(modules)).toEqual({
      text,
      symbols: [START_C, 12, 34, 56, 78, 90, expect.any(Number)],
    });
  });

  it('round-trips tracking numbers and every printable ASCII character', () => {
    const printable = Array.from({ length: 95 }, (_, c) => String.fromCharCode(c + 32)).join('');
    for (const text of [
      'DSP000007730000123MX',
      'DSP-2025-000123456',
      'MX(1)\\A',
      'x0000y',
      '12345AB',
      printable,
    ]) {
      expect(decodeCode128(code128Modules(text)).text).toBe(text);
    }
  });

  it('alternates bars and spaces of 1–4 modules, starting and ending with a bar', () => {
    const bits = asBits(code128Modules('Despacho 2025-000123'));
    expect(bits.startsWith('1')).toBe(true);
    expect(bits.endsWith('1')).toBe(true);
    for (const run of bits.match(/1+|0+/g)!) expect(run.length).toBeLessThanOrEqual(4);
  });

  it('refuses what is not printable ASCII, and empty text, with a clear error', () => {
    expect(() => code128Modules('Envío')).toThrow(/"í".*position 3.*outside ASCII 32–126/);
    expect(() => code128Modules('€5')).toThrow(/U\+20AC/);
    expect(() => code128Modules('A\u0000B')).toThrow(/U\+0000/);
    expect(() => code128Modules('')).toThrow(/empty/);
  });
});

describe('qrModules', () => {
  it('encodes the tracking page so a QR reader gets the URL back', () => {
    for (const url of [
      'https://despacho.mx/rastreo/DSP7730000123MX',
      `https://despacho.mx/rastreo/${'DSP7730000123MX'.repeat(6)}?utm=etiqueta`,
    ]) {
      const { size, dark } = qrModules(url);
      expect((size - 17) % 4).toBe(0); // a QR of version v is 17 + 4v modules wide
      expect(readQr(size, dark)).toBe(url);
    }
  });
});
