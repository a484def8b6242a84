/**
 * The labels' symbols as module grids, encoded by bwip-js (Barcode Writer in Pure PostScript):
 * the Code 128 of the tracking number and the QR code of the tracking page. The renderers draw
 * the modules themselves (label-pdf.ts) or size the printer's own symbol from them (label-zpl.ts).
 */
import bwipjs from 'bwip-js/node';

/**
 * The tracking number's Code 128 as modules, left to right: `true` is a bar module, `false` a
 * space. Quiet zones are not included; the caller leaves them blank. Only printable ASCII:
 * bwip-js would otherwise encode Latin-1 through FNC4 (which many scanners misread) and cut the
 * text at a NUL, so anything else is refused with the character and its position.
 */
export function code128Modules(text: string): boolean[] {
  if (text.length === 0) throw new Error('Code 128: nothing to encode (empty text)');
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) {
      throw new Error(
        `Code 128: character ${JSON.stringify(text[i])} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${i} is outside ASCII 32–126`,
      );
    }
  }
  const [symbol] = bwipjs.raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('Code 128: bwip-js drew no bars');
  const modules: boolean[] = [];
  // `sbs` alternates bar and space widths in modules, starting and ending with a bar.
  symbol.sbs.forEach((width, index) => {
    for (let k = 0; k < width; k++) modules.push(index % 2 === 0);
  });
  return modules;
}

/** A square QR symbol (error correction M): `dark(row, column)`, row 0 at the top. */
export interface QrModules {
  size: number;
  dark: (row: number, column: number) => boolean;
}

/**
 * The mask is fixed (pattern 1, the checkerboard): bwip-js scoring all eight, as the standard
 * suggests, costs about 1 ms more CPU per label, at every guide purchase; any mask is valid and
 * readers take it from the symbol's format information.
 */
export function qrModules(text: string): QrModules {
  const [symbol] = bwipjs.raw('qrcode', text, 'eclevel=M mask=1');
  if (!symbol || !('pixs' in symbol)) throw new Error('QR: bwip-js drew no modules');
  const { pixs, pixx: size } = symbol;
  return { size, dark: (row, column) => pixs[row * size + column] === 1 };
}
