/**
 * Code 128 encoder tests: the symbol table's structural rules, published start/stop patterns,
 * and a small independent decoder (modules → widths → symbols → text, with the mod-103 check)
 * so the encoder's code-set switching is verified end to end.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE128,
  CODE128_PATTERNS,
  code128Modules,
  code128Symbols,
  code128Widths,
} from './code128';

const asBits = (modules: boolean[]) => modules.map((bar) => (bar ? '1' : '0')).join('');

/** Published module patterns (1 = bar) of the start and stop symbols. */
const START_A_BITS = '11010000100';
const START_B_BITS = '11010010000';
const START_C_BITS = '11010011100';
const STOP_BITS = '1100011101011';

/** Decodes a module sequence back to text, checking structure and the check symbol. */
function decode(modules: boolean[]): { text: string; symbols: number[] } {
  const bits = asBits(modules);
  expect(bits.endsWith(STOP_BITS)).toBe(true);
  const body = bits.slice(0, -STOP_BITS.length);
  expect(body.length % 11).toBe(0);
  const byPattern = new Map<string, number>();
  CODE128_PATTERNS.forEach((pattern, value) => {
    if (value === CODE128.STOP) return;
    // widths → bits, independently of the encoder's expansion
    let out = '';
    [...pattern].forEach((w, k) => (out += (k % 2 === 0 ? '1' : '0').repeat(Number(w))));
    byPattern.set(out, value);
  });
  const symbols: number[] = [];
  for (let at = 0; at < body.length; at += 11) {
    const value = byPattern.get(body.slice(at, at + 11));
    if (value === undefined) throw new Error(`unknown symbol at module ${at}`);
    symbols.push(value);
  }
  const [start, ...rest] = symbols;
  const check = rest.pop()!;
  const weighted = rest.reduce((sum, value, index) => sum + value * (index + 1), start!);
  expect(check).toBe(weighted % 103);

  let set = start === 103 ? 'A' : start === 104 ? 'B' : start === 105 ? 'C' : '?';
  expect(set).not.toBe('?');
  let text = '';
  const char = (value: number, inSet: string) =>
    String.fromCharCode(inSet === 'B' || value < 64 ? value + 32 : value - 64);
  for (let k = 0; k < rest.length; k++) {
    const value = rest[k]!;
    if (set === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      else throw new Error(`unexpected ${value} in set C`);
    } else if (value === 98) {
      text += char(rest[++k]!, set === 'A' ? 'B' : 'A');
    } else if (value === 99) set = 'C';
    else if (value === 100 && set === 'A') set = 'B';
    else if (value === 101 && set === 'B') set = 'A';
    else if (value < 96) text += char(value, set);
    else throw new Error(`unexpected function symbol ${value}`);
  }
  return { text, symbols };
}

describe('Code 128 symbol table', () => {
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
    const text = 'PJJ123C';
    const bits = asBits(code128Modules(text));
    expect(bits.startsWith(START_B_BITS)).toBe(true);
    expect(bits.endsWith(STOP_BITS)).toBe(true);
    // set B value = ASCII − 32; check = (104 + Σ value·position) mod 103
    const values = [...text].map((c) => c.charCodeAt(0) - 32);
    const check = values.reduce((sum, v, i) => sum + v * (i + 1), 104) % 103;
    expect(code128Symbols(text)).toEqual([104, ...values, check, 106]);
    expect(decode(code128Modules(text)).text).toBe(text);
  });

  it('has width 11 per symbol plus 13 for the stop: 11·n + 35 for n set-B characters', () => {
    for (const text of ['A', 'Hola', 'DSP-MX-ABCDEFG', 'a b c ~ {|}']) {
      expect(code128Modules(text)).toHaveLength(11 * text.length + 11 + 11 + 13);
    }
    const symbols = code128Symbols('DSP000123456789');
    expect(code128Modules('DSP000123456789')).toHaveLength(11 * (symbols.length - 1) + 13);
  });

  it('packs a digits-only text in set C, shorter than the same text in set B', () => {
    const text = '1234567890';
    const symbols = code128Symbols(text);
    expect(symbols[0]).toBe(CODE128.START_C);
    expect(symbols.slice(1, 6)).toEqual([12, 34, 56, 78, 90]);
    const modules = code128Modules(text);
    expect(asBits(modules).startsWith(START_C_BITS)).toBe(true);
    expect(modules.length).toBeLessThan(11 * text.length + 35);
    expect(modules).toHaveLength(11 * (1 + 5 + 1) + 13);
    expect(decode(modules).text).toBe(text);
    expect(code128Symbols('42')).toEqual([105, 42, (105 + 42) % 103, 106]);
  });

  it('switches to set C for runs of 4+ digits and stays in B for shorter runs', () => {
    expect(code128Symbols('AB123CD')).not.toContain(CODE128.CODE_C);
    expect(code128Symbols('AB123CD')[0]).toBe(CODE128.START_B);

    const even = code128Symbols('DSP12345678X');
    expect(even).toContain(CODE128.CODE_C);
    // D S P, Code C, 12 34 56 78, Code B, X
    expect(even.slice(1, 11)).toEqual([36, 51, 48, 99, 12, 34, 56, 78, 100, 56]);

    // Odd run at the end: the first digit stays in B, the remaining four go to C.
    expect(code128Symbols('AB12345').slice(1, -2)).toEqual([33, 34, 17, 99, 23, 45]);
    // Odd run at the start: start in C with pairs, then the last digit after switching.
    expect(code128Symbols('12345AB').slice(0, -2)).toEqual([105, 12, 34, 100, 21, 33, 34]);

    for (const text of ['DSP12345678X', 'AB12345', '12345AB', '1234', 'x0000y', '123456789']) {
      expect(decode(code128Modules(text)).text).toBe(text);
    }
  });

  it('uses set A for control characters and shifts for a lone character of the other set', () => {
    const tab = code128Symbols('A\tB');
    expect(tab[0]).toBe(CODE128.START_A);
    expect(decode(code128Modules('A\tB')).text).toBe('A\tB');
    expect(asBits(code128Modules('A\tB')).startsWith(START_A_BITS)).toBe(true);

    const shifted = code128Symbols('ab\ncd');
    expect(shifted[0]).toBe(CODE128.START_B);
    expect(shifted).toContain(CODE128.SHIFT);
    expect(shifted).not.toContain(CODE128.CODE_A);
    expect(decode(code128Modules('ab\ncd')).text).toBe('ab\ncd');

    for (const text of [
      '\u0000\u007f',
      'x\u0001\u0002y',
      'MX\u001dlower',
      '\u0007\u0007ab12345678',
    ]) {
      expect(decode(code128Modules(text)).text).toBe(text);
    }
  });

  it('round-trips every ASCII character', () => {
    const all = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    expect(decode(code128Modules(all)).text).toBe(all);
  });

  it('alternates bars and spaces of 1–4 modules, starting and ending with a bar', () => {
    const widths = code128Widths('Despacho 2025-000123');
    widths.forEach((w) => expect(w >= 1 && w <= 4).toBe(true));
    expect(widths.length % 2).toBe(1);
    const modules = code128Modules('Despacho 2025-000123');
    expect(modules[0]).toBe(true);
    expect(modules.at(-1)).toBe(true);
    expect(modules).toHaveLength(widths.reduce((a, b) => a + b, 0));
  });

  it('rejects characters outside ASCII 0–127 and empty text with a clear error', () => {
    expect(() => code128Modules('Envío')).toThrow(/"í".*position 3.*outside ASCII 0–127/);
    expect(() => code128Modules('€5')).toThrow(/U\+20AC/);
    expect(() => code128Modules('')).toThrow(/empty/);
  });
});
