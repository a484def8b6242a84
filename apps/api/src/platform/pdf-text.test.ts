import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

describe('pdfText', () => {
  let fonts: PDFFont[];
  beforeAll(async () => {
    const pdf = await PDFDocument.create();
    fonts = [
      await pdf.embedFont(StandardFonts.Helvetica),
      await pdf.embedFont(StandardFonts.HelveticaBold),
    ];
  });

  it('keeps Spanish text and the WinAnsi punctuation as it is', () => {
    for (const font of fonts) {
      for (const text of [
        'Ñandú, cigüeña y pingüino: ¿Él? ¡Sí! Á É Í Ó Ú ñ á',
        'Cartón 1×2 · 16 % — “guía” – 5 € … ok',
      ]) {
        expect(pdfText(text, font)).toBe(text);
      }
    }
  });

  it('replaces emoji and CJK, drops control and format characters, folds whitespace', () => {
    const [font] = fonts;
    expect(pdfText('Envío 🚚 a 東京', font!)).toBe('Envío ? a ??');
    expect(pdfText('a\u0000b\u0007c\u200bd\u202Ee', font!)).toBe('abcde');
    expect(pdfText('  uno\tdos\r\ntres \n ', font!)).toBe('uno dos tres');
    expect(pdfText('❤️', font!)).toBe('?'); // the variation selector is dropped, not a second "?"
  });

  it('takes the accent off a letter the font lacks, and composes decomposed accents', () => {
    const [font] = fonts;
    expect(pdfText('Łódź ő Ş', font!)).toBe('?ódz o S');
    expect(pdfText('Jose\u0301 N\u0303', font!)).toBe('José Ñ');
  });

  it('answers text the font encodes without throwing', () => {
    const [font] = fonts;
    const hostile = 'Ñ\u0000🚚東\u{10FFFF}\uFFFD\uD800ő';
    expect(() => font!.encodeText(hostile)).toThrow();
    expect(() => font!.encodeText(pdfText(hostile, font!))).not.toThrow();
  });
});
