import type { PDFFont } from 'pdf-lib';

/** The characters each standard font can encode, by font name (Helvetica, Helvetica-Bold…). */
const characterSets = new Map<string, Set<number>>();

/**
 * One line of text that a pdf-lib standard font (WinAnsi: Latin-1 plus € – — … “ ” and a few
 * more) can draw, for the labels and the invoices: Spanish accents and ñ stay; any run of
 * whitespace is one space; control and format characters, and combining marks left over, are
 * dropped; a letter the font lacks loses its accent when that helps ("ő" → "o"); anything else
 * (emoji, CJK, "Ł") becomes "?". Never throws, unlike `font.encodeText` on raw input.
 */
export function pdfText(value: string, font: PDFFont): string {
  let set = characterSets.get(font.name);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font.name, set);
  }
  let out = '';
  for (const char of value.normalize('NFC').replace(/\s+/g, ' ')) {
    if (set.has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    if (/^[\p{Cc}\p{Cf}\p{M}]$/u.test(char)) continue;
    const bare = char.normalize('NFD').replace(/\p{M}+/gu, '');
    out += bare.length === 1 && set.has(bare.codePointAt(0)!) ? bare : '?';
  }
  return out.trim();
}
