/**
 * Reads back what a PDF page really draws, for the label and invoice tests: the page's content
 * streams inflated with zlib, and the texts shown (`<hex> Tj`) decoded from WinAnsi.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFName, PDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';

/** WinAnsi bytes that differ from Latin-1 and that our documents may print. */
const WIN_ANSI_EXTRA: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};

export function pageContent(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  return streams
    .map((entry) => {
      const stream = doc.context.lookup(entry);
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
      const flate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      return Buffer.from(flate ? inflateSync(stream.contents) : stream.contents).toString('latin1');
    })
    .join('\n');
}

export function drawnTexts(content: string): string[] {
  return [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) => {
    let text = '';
    for (let i = 0; i < hex!.length; i += 2) {
      const byte = parseInt(hex!.slice(i, i + 2), 16);
      text += WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte);
    }
    return text;
  });
}
