/**
 * Our own Code 128 encoder, so shipping labels can draw the tracking-number barcode as plain
 * vector bars (PDF) without a barcode dependency. Written from the public symbology rules
 * (ISO/IEC 15417): start codes A/B/C, code-set switching with runs of 4+ digits packed in set C,
 * a mod-103 check symbol and the stop pattern. ASCII 0–127 only (no FNC4 extended characters).
 */

/**
 * Bar/space widths (in modules) of symbol values 0–106: bar, space, bar, space, bar, space;
 * value 106 is the stop pattern, which ends with a seventh element (the final 2-module bar).
 * Every symbol is 11 modules wide; the stop is 13.
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

/** Symbol values with a fixed meaning (the ones this encoder emits). */
export const CODE128 = {
  SHIFT: 98, // in A: next character from B; in B: next character from A
  CODE_C: 99, // in A or B
  CODE_B: 100, // in A or C
  CODE_A: 101, // in B or C
  START_A: 103,
  START_B: 104,
  START_C: 105,
  STOP: 106,
} as const;

type CodeSet = 'A' | 'B' | 'C';

const isDigit = (code: number) => code >= 48 && code <= 57;
/** Control characters exist only in set A; lowercase letters and `{|}~DEL` only in set B. */
const onlyInA = (code: number) => code < 32;
const onlyInB = (code: number) => code >= 96;

function valueIn(set: 'A' | 'B', code: number): number {
  if (set === 'B') return code - 32;
  return code >= 32 ? code - 32 : code + 64;
}

/** Length of the run of digits that starts at `index`. */
function digitRun(codes: number[], index: number): number {
  let end = index;
  while (end < codes.length && isDigit(codes[end]!)) end++;
  return end - index;
}

/** A or B for the characters from `index`: whichever the first set-specific character needs. */
function pickAOrB(codes: number[], index: number): 'A' | 'B' {
  for (let i = index; i < codes.length; i++) {
    if (onlyInA(codes[i]!)) return 'A';
    if (onlyInB(codes[i]!)) return 'B';
  }
  return 'B';
}

function toCodes(text: string): number[] {
  if (text.length === 0) throw new Error('Code 128: nothing to encode (empty text)');
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) {
      throw new Error(
        `Code 128: character ${JSON.stringify(text[i])} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${i} is outside ASCII 0–127`,
      );
    }
    codes.push(code);
  }
  return codes;
}

/**
 * The symbol values of `text`: start symbol, data (with code-set switches), check symbol, stop.
 * Set C is used for a text of exactly two digits and for every run of 4 or more digits (an odd
 * run leaves one digit in A/B: the last one at the very start, the first one elsewhere).
 */
export function code128Symbols(text: string): number[] {
  const codes = toCodes(text);
  const symbols: number[] = [];
  let set: CodeSet;
  let i = 0;

  const leadingDigits = digitRun(codes, 0);
  if ((leadingDigits === 2 && codes.length === 2) || leadingDigits >= 4) {
    set = 'C';
    symbols.push(CODE128.START_C);
  } else {
    set = pickAOrB(codes, 0);
    symbols.push(set === 'A' ? CODE128.START_A : CODE128.START_B);
  }

  while (i < codes.length) {
    if (set === 'C') {
      if (digitRun(codes, i) >= 2) {
        symbols.push((codes[i]! - 48) * 10 + (codes[i + 1]! - 48));
        i += 2;
        continue;
      }
      set = pickAOrB(codes, i);
      symbols.push(set === 'A' ? CODE128.CODE_A : CODE128.CODE_B);
      continue;
    }

    const run = digitRun(codes, i);
    if (run >= 4) {
      // An odd run keeps its first digit in the current set, then packs the rest in pairs.
      if (run % 2 === 1) {
        symbols.push(valueIn(set, codes[i]!));
        i++;
      }
      symbols.push(CODE128.CODE_C);
      set = 'C';
      continue;
    }

    const code = codes[i]!;
    const fits = set === 'A' ? !onlyInB(code) : !onlyInA(code);
    if (fits) {
      symbols.push(valueIn(set, code));
      i++;
      continue;
    }
    const other: 'A' | 'B' = set === 'A' ? 'B' : 'A';
    const next = codes[i + 1];
    const nextNeedsCurrent = next !== undefined && (set === 'A' ? onlyInA(next) : onlyInB(next));
    if (nextNeedsCurrent) {
      // A lone character of the other set between characters of this one: shift, don't switch.
      symbols.push(CODE128.SHIFT, valueIn(other, code));
      i++;
      continue;
    }
    symbols.push(other === 'A' ? CODE128.CODE_A : CODE128.CODE_B);
    set = other;
  }

  let sum = symbols[0]!;
  for (let position = 1; position < symbols.length; position++)
    sum += symbols[position]! * position;
  symbols.push(sum % 103, CODE128.STOP);
  return symbols;
}

/** Alternating bar/space widths in modules, starting and ending with a bar (no quiet zones). */
export function code128Widths(text: string): number[] {
  const widths: number[] = [];
  for (const symbol of code128Symbols(text)) {
    const pattern = CODE128_PATTERNS[symbol]!;
    for (let k = 0; k < pattern.length; k++) widths.push(pattern.charCodeAt(k) - 48);
  }
  return widths;
}

/**
 * The symbol as modules, left to right: `true` is a bar module, `false` a space module. Quiet
 * zones (10 modules each side) are not included; the caller leaves them blank.
 */
export function code128Modules(text: string): boolean[] {
  const modules: boolean[] = [];
  let bar = true;
  for (const width of code128Widths(text)) {
    for (let k = 0; k < width; k++) modules.push(bar);
    bar = !bar;
  }
  return modules;
}
