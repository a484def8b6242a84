import { describe, expect, it } from 'vitest';
import { buildCfdi } from './cfdi';
import { CfdiSchemaError, validateCfdi } from './cfdi-schema';
import { sampleCfdiInput } from './cfdi.test-support';
import { GENERAL_PUBLIC } from './cfdi';
import { SandboxPac } from './pac';

const seal = { sello: 'c2VsbG8=', noCertificado: '30001000000500003416', certificado: 'Y2VydA==' };
const stampedAt = new Date('2026-03-02T16:00:05Z');

async function refusal(xml: string): Promise<CfdiSchemaError> {
  const error = await validateCfdi(xml).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CfdiSchemaError);
  return error as CfdiSchemaError;
}

describe("CFDI 4.0 against SAT's schema (cfdv40.xsd, tdCFDI.xsd, TimbreFiscalDigitalv11.xsd)", () => {
  it('passes what we build, before stamping and once stamped, to a receiver or the general public', async () => {
    await validateCfdi(buildCfdi(sampleCfdiInput(), seal));
    await validateCfdi((await new SandboxPac().stamp(sampleCfdiInput(), stampedAt)).xml);
    const global = sampleCfdiInput({ receiver: { ...GENERAL_PUBLIC, zip: '42501' } });
    await validateCfdi(buildCfdi(global, seal));
  });

  it('refuses a Comprobante without its receiver, naming the element expected', async () => {
    const xml = buildCfdi(sampleCfdiInput(), seal).replace(/<cfdi:Receptor[^>]*\/>/, '');
    const error = await refusal(xml);
    expect(error.message).toMatch(/Conceptos.*This element is not expected.*Receptor/);
  });

  it("refuses values outside tdCFDI's patterns and a certificate number of the wrong length", async () => {
    const xml = buildCfdi(sampleCfdiInput(), { ...seal, noCertificado: '123' }).replace(
      'Total="1250.00"',
      'Total="mil"',
    );
    const error = await refusal(xml);
    expect(error.problems.join('\n')).toMatch(/NoCertificado/);
    expect(error.problems.join('\n')).toMatch(/Total/);
  });

  it('refuses a stamp missing its SAT seal', async () => {
    const { xml } = await new SandboxPac().stamp(sampleCfdiInput(), stampedAt);
    const error = await refusal(xml.replace(/ SelloSAT="[^"]*"/, ''));
    expect(error.message).toMatch(/SelloSAT.*is required/);
  });

  it('refuses what is not XML', async () => {
    await refusal('<cfdi:Comprobante');
  });
});
