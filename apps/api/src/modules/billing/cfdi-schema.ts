import { existsSync, readFileSync } from 'node:fs';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { CFDI_NAMESPACE, TFD_NAMESPACE } from './cfdi';

/**
 * SAT's schemas, committed under `xsd/` as SAT publishes them (see xsd/NOTICE.md): the CFDI 4.0
 * Comprobante, its data types and the TimbreFiscalDigital 1.1 complement. SAT's catalogue schema
 * (`cfd/catalogos/catCFDI.xsd`, several MB) could not be obtained on this machine: while it is
 * absent the catalogue types (c_FormaPago, c_UsoCFDI...) are read as plain strings, so the
 * document is checked for structure, order, cardinality, required and fixed attributes and
 * tdCFDI's patterns, and not for catalogue membership. Dropping the file at that path makes
 * the validation complete with no code change (decision 035).
 */
const XSD = new URL('./xsd/', import.meta.url);
const CFDV40 = 'cfd/4/cfdv40.xsd';
const TDCFDI = 'cfd/tipoDatos/tdCFDI/tdCFDI.xsd';
const TFD = 'cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd';
const CATALOGUES = 'cfd/catalogos/catCFDI.xsd';

const read = (path: string) => readFileSync(new URL(path, XSD), 'utf8');

/** The files flattened for xmllint's in-memory file system (imports rewritten to match). */
function schemaFiles(): XMLFileInfo[] {
  const withCatalogues = existsSync(new URL(CATALOGUES, XSD));
  let cfdv40 = read(CFDV40).replace('../tipoDatos/tdCFDI/tdCFDI.xsd', 'tdCFDI.xsd');
  if (withCatalogues) {
    cfdv40 = cfdv40.replace('../catalogos/catCFDI.xsd', 'catCFDI.xsd');
  } else {
    cfdv40 = cfdv40
      .replace(/<xs:import namespace="[^"]*\/catalogos"[^>]*\/>/, '')
      .replace(/"catCFDI:c_[A-Za-z]+"/g, '"xs:string"');
  }
  const files: XMLFileInfo[] = [
    { fileName: 'cfdv40.xsd', contents: cfdv40 },
    { fileName: 'tdCFDI.xsd', contents: read(TDCFDI) },
    {
      fileName: 'tfd11.xsd',
      contents: read(TFD).replace('../tipoDatos/tdCFDI/tdCFDI.xsd', 'tdCFDI.xsd'),
    },
  ];
  if (withCatalogues) files.push({ fileName: 'catCFDI.xsd', contents: read(CATALOGUES) });
  return files;
}

/**
 * The entry schema: it only imports SAT's two, so that the Comprobante and the stamp it may
 * carry (cfdv40's Complemento is a strict wildcard) are both declared.
 */
const ENTRY = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="${CFDI_NAMESPACE}" schemaLocation="cfdv40.xsd"/>
  <xs:import namespace="${TFD_NAMESPACE}" schemaLocation="tfd11.xsd"/>
</xs:schema>`;

let files: XMLFileInfo[] | undefined;

/** A CFDI the schema refuses; `problems` are xmllint's messages, for staff and logs. */
export class CfdiSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(`CFDI does not follow SAT's schema: ${problems.join('; ')}`);
    this.name = 'CfdiSchemaError';
  }
}

/** Validates a CFDI 4.0 document (stamped or not) against SAT's schemas; throws CfdiSchemaError. */
export async function validateCfdi(xml: string): Promise<void> {
  files ??= schemaFiles();
  const result = await validateXML({
    xml: { fileName: 'cfdi.xml', contents: xml },
    schema: { fileName: 'entry.xsd', contents: ENTRY },
    preload: files,
  });
  if (!result.valid) {
    throw new CfdiSchemaError(result.errors.map((error) => error.message.trim()));
  }
}
