import { SaxesParser } from 'saxes';
import type { CfdiInput } from './cfdi';

/** A parsed element: its expanded name, attributes (by qualified name) and children. */
export interface Node {
  uri: string;
  local: string;
  attributes: Record<string, string>;
  children: Node[];
}

/** Parses with a conforming, namespace-aware XML parser: malformed XML throws. */
export function parseXml(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (tag) => {
    const node: Node = {
      uri: tag.uri,
      local: tag.local,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      children: [],
    };
    stack.at(-1)?.children.push(node);
    root ??= node;
    stack.push(node);
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  if (!root) throw new Error('empty document');
  return root;
}

const CFDI = 'http://www.sat.gob.mx/cfd/4';
const TFD = 'http://www.sat.gob.mx/TimbreFiscalDigital';

// Patterns and enumerations of SAT's cfdv40.xsd, tdCFDI.xsd and TimbreFiscalDigitalv11.xsd
// (the parts this app emits), checked by hand because no package on the npm registry ships
// those XSDs (see decision 016).
const IMPORTE = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
const RFC = /^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;
const FECHA =
  /^(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])$/;
const CP = /^[0-9]{5}$/;
const NO_CERTIFICADO = /^[0-9]{20}$/;
const UUID = /^[a-f0-9A-F]{8}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{12}$/;

function need(node: Node, name: string, pattern?: RegExp): string {
  const value = node.attributes[name];
  if (value === undefined) throw new Error(`${node.local} lacks ${name}`);
  if (pattern && !pattern.test(value)) throw new Error(`${node.local}@${name} "${value}" invalid`);
  return value;
}

function children(node: Node, uri = CFDI) {
  for (const child of node.children) {
    if (child.uri !== uri && !(node.local === 'Complemento')) {
      throw new Error(`${child.local} in namespace ${child.uri}`);
    }
  }
  return node.children.map((child) => child.local);
}

function only(node: Node, local: string): Node {
  const found = node.children.filter((child) => child.local === local);
  if (found.length !== 1) throw new Error(`${node.local} must have one ${local}`);
  return found[0]!;
}

const cents = (value: string) => Math.round(Number(value) * 100);

function checkTraslado(traslado: Node) {
  need(traslado, 'Base', IMPORTE);
  if (need(traslado, 'Impuesto') !== '002') throw new Error('Impuesto must be 002 (IVA)');
  if (need(traslado, 'TipoFactor') !== 'Tasa') throw new Error('TipoFactor must be Tasa');
  if (need(traslado, 'TasaOCuota') !== '0.160000') throw new Error('TasaOCuota must be 0.160000');
  need(traslado, 'Importe', IMPORTE);
  // SAT's tolerance for a two-decimal Importe: floor or ceil of Base × 0.16, in centavos.
  const exact = (cents(traslado.attributes.Base!) * 16) / 100;
  const importe = cents(traslado.attributes.Importe!);
  if (importe !== Math.floor(exact) && importe !== Math.ceil(exact)) {
    throw new Error(`Traslado Importe ${importe} outside ${exact}`);
  }
}

/**
 * Checks a stamped CFDI 4.0 as cfdv40.xsd and TimbreFiscalDigitalv11.xsd define the parts this
 * app writes: namespaces, element order and cardinality, required attributes with their
 * patterns and fixed values, plus the arithmetic SAT's validation matrix applies. Throws on the
 * first problem; answers the parsed document.
 */
export function checkStampedCfdi(xml: string) {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error('declaration');
  const root = parseXml(xml);
  if (root.uri !== CFDI || root.local !== 'Comprobante') throw new Error('root');
  if (
    root.attributes['xsi:schemaLocation'] !==
    `${CFDI} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`
  ) {
    throw new Error('schemaLocation');
  }
  if (need(root, 'Version') !== '4.0') throw new Error('Version');
  need(root, 'Fecha', FECHA);
  need(root, 'Sello');
  need(root, 'NoCertificado', NO_CERTIFICADO);
  need(root, 'Certificado');
  const subtotal = cents(need(root, 'SubTotal', IMPORTE));
  const total = cents(need(root, 'Total', IMPORTE));
  if (need(root, 'Moneda') !== 'MXN') throw new Error('Moneda');
  if (need(root, 'TipoDeComprobante') !== 'I') throw new Error('TipoDeComprobante');
  if (need(root, 'Exportacion') !== '01') throw new Error('Exportacion');
  if (need(root, 'MetodoPago') !== 'PUE') throw new Error('MetodoPago');
  if (!['03', '04'].includes(need(root, 'FormaPago'))) throw new Error('FormaPago');
  need(root, 'LugarExpedicion', CP);
  if (root.attributes.Serie !== undefined && !/^[^|]{1,25}$/.test(root.attributes.Serie)) {
    throw new Error('Serie');
  }
  need(root, 'Folio', /^[^|]{1,40}$/);

  const order = children(root);
  const expected = ['Emisor', 'Receptor', 'Conceptos', 'Impuestos', 'Complemento'];
  const generic = order[0] === 'InformacionGlobal';
  if (JSON.stringify(generic ? order.slice(1) : order) !== JSON.stringify(expected)) {
    throw new Error(`Comprobante children ${order.join(',')}`);
  }
  if (generic) {
    const global = only(root, 'InformacionGlobal');
    need(global, 'Periodicidad', /^0[1-5]$/);
    need(global, 'Meses', /^(0[1-9]|1[0-8])$/);
    need(global, 'Año', /^20[2-9][0-9]$/);
  }
  const emisor = only(root, 'Emisor');
  need(emisor, 'Rfc', RFC);
  need(emisor, 'Nombre');
  need(emisor, 'RegimenFiscal', /^[0-9]{3}$/);
  const receptor = only(root, 'Receptor');
  const receiverRfc = need(receptor, 'Rfc', RFC);
  need(receptor, 'Nombre');
  need(receptor, 'DomicilioFiscalReceptor', CP);
  const regime = need(receptor, 'RegimenFiscalReceptor', /^[0-9]{3}$/);
  const use = need(receptor, 'UsoCFDI');
  if (receiverRfc === 'XAXX010101000') {
    if (regime !== '616' || use !== 'S01') throw new Error('generic RFC needs 616 / S01');
    if (receptor.attributes.DomicilioFiscalReceptor !== root.attributes.LugarExpedicion) {
      throw new Error('generic RFC takes the issuer zip');
    }
    if (receptor.attributes.Nombre === 'PUBLICO EN GENERAL' && !generic) {
      throw new Error('PUBLICO EN GENERAL needs InformacionGlobal');
    }
  }

  const conceptos = only(root, 'Conceptos');
  let conceptSum = 0;
  for (const concepto of conceptos.children) {
    if (concepto.local !== 'Concepto') throw new Error('Conceptos holds Concepto only');
    need(concepto, 'ClaveProdServ', /^[0-9]{8}$/);
    need(concepto, 'Cantidad', /^[0-9]{1,18}(\.[0-9]{1,6})?$/);
    need(concepto, 'ClaveUnidad');
    need(concepto, 'Descripcion', /^[^|]{1,1000}$/);
    need(concepto, 'ValorUnitario', IMPORTE);
    conceptSum += cents(need(concepto, 'Importe', IMPORTE));
    if (need(concepto, 'ObjetoImp') !== '02') throw new Error('ObjetoImp');
    const traslados = only(only(concepto, 'Impuestos'), 'Traslados');
    for (const traslado of traslados.children) checkTraslado(traslado);
  }
  if (conceptSum !== subtotal) throw new Error('SubTotal ≠ Σ Importe');

  const impuestos = only(root, 'Impuestos');
  const totalVat = cents(need(impuestos, 'TotalImpuestosTrasladados', IMPORTE));
  const traslados = only(impuestos, 'Traslados').children;
  for (const traslado of traslados) checkTraslado(traslado);
  if (traslados.reduce((sum, t) => sum + cents(t.attributes.Importe!), 0) !== totalVat) {
    throw new Error('TotalImpuestosTrasladados ≠ Σ Traslado');
  }
  if (subtotal + totalVat !== total) throw new Error('Total ≠ SubTotal + impuestos');

  const complemento = only(root, 'Complemento');
  const timbre = only(complemento, 'TimbreFiscalDigital');
  if (timbre.uri !== TFD) throw new Error('TFD namespace');
  if (need(timbre, 'Version') !== '1.1') throw new Error('TFD Version');
  const uuid = need(timbre, 'UUID', UUID);
  need(timbre, 'FechaTimbrado', FECHA);
  need(timbre, 'RfcProvCertif', RFC);
  if (need(timbre, 'SelloCFD') !== root.attributes.Sello) throw new Error('SelloCFD ≠ Sello');
  need(timbre, 'NoCertificadoSAT', NO_CERTIFICADO);
  need(timbre, 'SelloSAT');
  return { root, emisor, receptor, timbre, uuid, subtotal, vat: totalVat, total };
}

/** A deposit's CFDI input with a receiver on file (SAT's test taxpayers). */
export const sampleCfdiInput = (overrides: Partial<CfdiInput> = {}): CfdiInput => ({
  series: 'DEP',
  folio: 7,
  kind: 'deposit',
  issuedAt: new Date('2026-03-02T16:00:00Z'),
  paymentForm: '03',
  issuer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regime: '601', zip: '42501' },
  receiver: {
    rfc: 'CACX7605101P8',
    name: 'XOCHILT CASAS CHAVEZ',
    regime: '612',
    zip: '36257',
    use: 'G03',
  },
  subtotal: 107_759,
  vat: 17_241,
  total: 125_000,
  ...overrides,
});
