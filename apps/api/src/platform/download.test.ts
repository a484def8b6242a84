import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { dispositionOf } from './download';

describe('dispositionOf', () => {
  it('names a plain ASCII file as it is, to save or to show', () => {
    expect(dispositionOf('guia-DSP000007730000123MX.pdf')).toBe(
      'attachment; filename=guia-DSP000007730000123MX.pdf',
    );
    expect(dispositionOf('logo final.png', { inline: true })).toBe(
      'inline; filename="logo final.png"',
    );
  });

  it('adds a UTF-8 filename* for accents, with quotes escaped in the ASCII fallback', () => {
    const name = 'Factura año "2026" – Ñandú.pdf';
    const header = dispositionOf(name);
    expect(header).toBe(
      `attachment; filename="Factura a?o \\"2026\\" ? ?and?.pdf"; ` +
        `filename*=UTF-8''Factura%20a%C3%B1o%20%222026%22%20%E2%80%93%20%C3%91and%C3%BA.pdf`,
    );
    expect(parse(header)).toEqual({
      type: 'attachment',
      parameters: { filename: name, 'filename*': expect.any(String) },
    });
  });

  it('cannot be broken out of by a hostile name', () => {
    const header = dispositionOf('a";\r\nSet-Cookie: x=1;.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(parse(header).parameters.filename).toBe('a";\r\nSet-Cookie: x=1;.pdf');
  });
});
