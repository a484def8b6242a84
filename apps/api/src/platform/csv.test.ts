import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('answers the line of a quote that never closes', () => {
    expect(parseCsv('a,b\n1,"open\n2,3')).toEqual({ unclosedQuoteAt: 2 });
  });

  it('numbers records by the line they start on, across blank lines and mixed line ends', () => {
    expect(parseCsv('a,"b ""c"", d"\r\n"x\ny",\n')).toEqual([
      { line: 1, fields: ['a', 'b "c", d'] },
      { line: 2, fields: ['x\ny', ''] },
    ]);
    expect(parseCsv('a,b\n\n  \r\n"multi\n\nline",c\rd,e\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['multi\n\nline', 'c'] },
      { line: 7, fields: ['d', 'e'] },
    ]);
  });

  it('keeps a quote inside an unquoted field, and rows of any length', () => {
    expect(parseCsv('Juan "El Güero" Pérez,1\nsolo\n')).toEqual([
      { line: 1, fields: ['Juan "El Güero" Pérez', '1'] },
      { line: 2, fields: ['solo'] },
    ]);
  });

  it('reads pipe-delimited text without quoting, quotes as plain characters', () => {
    expect(
      parseCsv('01000|"San Ángel|x\n01010|Los Alpes|y', { delimiter: '|', quote: false }),
    ).toEqual([
      { line: 1, fields: ['01000', '"San Ángel', 'x'] },
      { line: 2, fields: ['01010', 'Los Alpes', 'y'] },
    ]);
  });
});
