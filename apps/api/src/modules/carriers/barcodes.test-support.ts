/**
 * Readers for the labels' symbols, independent of the encoder: a Code 128 decoder written from
 * the published symbol table (ISO/IEC 15417), and jsQR, a QR reader, looking at the modules
 * painted into a bitmap with the standard quiet zone.
 */
import jsQR from 'jsqr';

/**
 * Bar/space widths (in modules) of symbol values 0–106: bar, space, bar, space, bar, space;
 * value 106 is the stop pattern, which ends with a seventh element (the final 2-module bar).
 */
// prettier-ignore
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const START_A = 103;
export const START_B = 104;
export const START_C = 105;
export const STOP_BITS = '1100011101011';

export const asBits = (modules: boolean[]) => modules.map((bar) => (bar ? '1' : '0')).join('');

/**
 * Decodes Code 128 modules (no quiet zones) back to text: the symbols, the mod-103 check and
 * the code sets A, B and C with their switches and shifts. Throws on anything malformed.
 */
export function decodeCode128(modules: boolean[]): { text: string; symbols: number[] } {
  const bits = asBits(modules);
  if (!bits.endsWith(STOP_BITS)) throw new Error('no stop pattern');
  const body = bits.slice(0, -STOP_BITS.length);
  if (body.length % 11 !== 0) throw new Error(`body of ${body.length} modules`);
  const byPattern = new Map<string, number>();
  CODE128_PATTERNS.slice(0, 106).forEach((pattern, value) => {
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
  const check = rest.pop();
  const weighted = rest.reduce((sum, value, index) => sum + value * (index + 1), start!);
  if (check !== weighted % 103)
    throw new Error(`check symbol ${check}, expected ${weighted % 103}`);

  let set = start === START_A ? 'A' : start === START_B ? 'B' : start === START_C ? 'C' : '?';
  if (set === '?') throw new Error(`start symbol ${start}`);
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

/** Reads a QR symbol from its modules, painted 4 pixels each inside a 4-module quiet zone. */
export function readQr(size: number, dark: (row: number, column: number) => boolean): string {
  const scale = 4;
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const column = Math.floor(x / scale) - 4;
      if (row < 0 || column < 0 || row >= size || column >= size || !dark(row, column)) continue;
      pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  const code = jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' });
  if (!code) throw new Error('no QR code found');
  return code.data;
}
