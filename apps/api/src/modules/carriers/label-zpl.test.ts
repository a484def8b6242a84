/**
 * ZPL label tests: block structure, the fields a thermal label needs, and that merchant text
 * cannot smuggle printer commands in (every field is `^FH` hex-escaped).
 */
import { describe, expect, it } from 'vitest';
import { sampleLabel } from './label.test-support';
import { labelZpl, zplEscape, ZPL_SANDBOX_MARK } from './label-zpl';

/** Splits into `^XA … ^XZ` blocks (fails on anything between or around them). */
function blocks(zpl: string): string[] {
  const found = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
  expect(zpl.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
  return found;
}

/** The data of every field, with `^FH_` escapes decoded, keyed by the commands before `^FD`. */
function fields(block: string): { commands: string; data: string }[] {
  return [...block.matchAll(/\^FO[^\n]*?\^FD([^\n]*?)\^FS/g)].map((match) => {
    const commands = match[0].slice(0, match[0].indexOf('^FD'));
    const raw = match[1]!;
    const bytes: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '_' && commands.includes('^FH_')) {
        bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(raw[i]!, 'utf8'));
      }
    }
    return { commands, data: Buffer.from(bytes).toString('utf8') };
  });
}

describe('labelZpl', () => {
  it('writes one 4×6 in, 203 dpi, UTF-8 block per label', () => {
    const labels = [sampleLabel(0), sampleLabel(1, { sandbox: false }), sampleLabel(2)];
    const zpl = labelZpl(labels);
    const found = blocks(zpl);
    expect(found).toHaveLength(3);
    found.forEach((block, i) => {
      expect(block).toMatch(/^\^XA\n\^CI28\n\^PW812\n\^LL1218\n/);
      expect(block.endsWith('^XZ')).toBe(true);
      expect(block.match(/\^XA/g)).toHaveLength(1);
      expect(fields(block).some((field) => field.data === labels[i]!.trackingNumber)).toBe(true);
    });
    // Every position stays on the label.
    for (const [, x, y] of zpl.matchAll(/\^FO(\d+),(\d+)/g)) {
      expect(Number(x)).toBeLessThan(812);
      expect(Number(y)).toBeLessThan(1218);
    }
  });

  it('has the text fields, the Code 128 barcode and the QR code of the label', () => {
    const label = sampleLabel(4);
    const block = blocks(labelZpl([label]))[0]!;
    const all = fields(block);
    const texts = all.map((field) => field.data);
    for (const expected of [
      'Estafeta',
      'Día Siguiente Terrestre',
      '1/2',
      'DE (REMITENTE)',
      'Lucía Pérez Núñez',
      'PARA (DESTINATARIO)',
      'José Ángel Gutiérrez Treviño',
      'Avenida Constitución Poniente 1500, Int. Local 3',
      'C.P. 64000',
      'Tel. 81 8765 4321',
      'Peso: 2.50 kg',
      'Dimensiones: 30 × 20 × 15 cm',
      'Referencia: PED-10045',
      'Fecha: 04/03/2025',
      'Rastrea tu envío',
    ]) {
      expect(texts).toContain(expected);
    }
    const textFields = all.filter((field) => field.commands.includes('^A0N,'));
    expect(textFields.length).toBeGreaterThan(15);

    const barcode = all.filter((field) => field.commands.includes('^BCN,'));
    expect(barcode).toHaveLength(1);
    expect(barcode[0]!.data).toBe(label.trackingNumber);
    expect(barcode[0]!.commands).toMatch(/\^BY[1-3]\^BCN,\d+,N,N,N,A\^FH_$/);

    const qr = all.filter((field) => field.commands.includes('^BQN,2,'));
    expect(qr).toHaveLength(1);
    expect(qr[0]!.data).toBe(`MA,${label.trackingUrl}`);
  });

  it('prints the sandbox mark on sandbox labels only', () => {
    const [sandbox, real] = blocks(labelZpl([sampleLabel(0), sampleLabel(1, { sandbox: false })]));
    expect(fields(sandbox!).map((field) => field.data)).toContain(ZPL_SANDBOX_MARK);
    expect(real).not.toContain('SANDBOX');
  });

  it('escapes ^, ~, _ and \\ in user data so no command can be injected', () => {
    const evil = 'Tienda ^XZ^XA^FO0,0^GB812,1218,812^FS ~JR ~DGR:X.GRF_5E \\& fin';
    const label = sampleLabel(5, {
      trackingUrl: 'https://despacho.mx/rastreo/^XZ~x_y',
      destination: { ...sampleLabel(5).destination, name: 'Ana ^XZ~JR_5E\\&', reference: evil },
      origin: { ...sampleLabel(5).origin, name: 'Línea 1\r\nLínea 2', company: '^XZ' },
    });
    const zpl = labelZpl([label]);
    const found = blocks(zpl);
    expect(found).toHaveLength(1);
    expect(zpl).not.toContain('~');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('^GB812,1218');
    expect(zpl).not.toMatch(/\r/);
    // No raw ^ or ~ ever reaches field data…
    for (const [, data] of zpl.matchAll(/\^FD([^\n]*?)\^FS/g)) expect(data).not.toMatch(/[\^~]/);

    // …and every field is hex-escaped, so decoding gives the merchant's text back.
    const all = fields(found[0]!);
    for (const field of all) expect(field.commands).toMatch(/\^FH_$/);
    const texts = all.map((field) => field.data);
    expect(texts).toContain('Ana ^XZ~JR_5E\\&');
    expect(texts).toContain(`Ref.: ${evil}`);
    expect(texts).toContain('^XZ');
    expect(texts).toContain('Línea 1 Línea 2');
    expect(texts).toContain('MA,https://despacho.mx/rastreo/^XZ~x_y');
  });
});

describe('zplEscape', () => {
  it('hex-escapes command and indicator characters and flattens control characters', () => {
    expect(zplEscape('a^b~c_d\\e')).toBe('a_5Eb_7Ec_5Fd_5Ce');
    expect(zplEscape('uno\ndos\ttres\u0000')).toBe('uno dos tres');
    expect(zplEscape('Peña')).toBe('Peña');
  });
});
