import {
  centavosToDecimal,
  GENERIC_RFC_CFDI_USE,
  GENERIC_RFC_REGIME,
  TRANSACTIONS_TIME_ZONE,
  VAT_RATE_TEXT,
  type InvoiceKind,
} from '@despacho/domain';
import { element, toXml, type XmlElement } from './xml';

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const CFDI_SCHEMA_LOCATION = `${CFDI_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const TFD_SCHEMA_LOCATION = `${TFD_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;

/** The receiver SAT accepts when the organization gave no tax information. */
export const GENERAL_PUBLIC = {
  rfc: 'XAXX010101000',
  name: 'PUBLICO EN GENERAL',
  regime: GENERIC_RFC_REGIME,
  use: GENERIC_RFC_CFDI_USE,
} as const;

/**
 * c_ClaveProdServ 84111506 "Servicios de facturación" with ClaveUnidad ACT "Actividad" is what
 * SAT's Anexo 20 filling guide (Apéndice 6, anticipos) prescribes for the CFDI of an advance
 * received, with the description "Anticipo del bien o servicio": a deposit to the prepaid
 * balance is exactly that, an advance on shipments not yet bought. The fee uses the same code
 * (a service charge on processing the deposit); see decision 016 — confirm with the accountant.
 */
export const CONCEPTS: Record<
  InvoiceKind,
  { productCode: string; unitCode: string; unit: string; description: string }
> = {
  deposit: {
    productCode: '84111506',
    unitCode: 'ACT',
    unit: 'Actividad',
    description: 'Anticipo del bien o servicio (saldo prepagado Despacho)',
  },
  fee: {
    productCode: '84111506',
    unitCode: 'ACT',
    unit: 'Actividad',
    description: 'Comisión por depósito menor a $500.00',
  },
  // 78141502 (UNSPSC "customs brokerage services") with E48 "Unidad de servicio": the
  // platform's own services on an embarque, paid from the balance; confirm with the accountant.
  service: {
    productCode: '78141502',
    unitCode: 'E48',
    unit: 'Unidad de servicio',
    description: 'Servicios de gestión de comercio exterior (embarque)',
  },
};

export interface CfdiParty {
  rfc: string;
  name: string;
  regime: string;
  zip: string;
}

export interface CfdiInput {
  series: string;
  folio: number;
  kind: InvoiceKind;
  issuedAt: Date;
  /** c_FormaPago: 03 transfer, 04 card. */
  paymentForm: string;
  issuer: CfdiParty;
  receiver: CfdiParty & { use: string };
  subtotal: number;
  vat: number;
  total: number;
  /** Extra words for the concept (the deposit's tracking key). */
  reference?: string | null;
}

/** The seal fields: the issuer's (Comprobante) and, once stamped, the PAC's (TFD). */
export interface CfdiSeal {
  sello: string;
  noCertificado: string;
  certificado: string;
}

export interface TimbreFiscal {
  uuid: string;
  stampedAt: Date;
  pacRfc: string;
  selloCfd: string;
  selloSat: string;
  noCertificadoSat: string;
}

/** `YYYY-MM-DDTHH:mm:ss` in Mexico City, as CFDI dates are written (no offset). */
export function cfdiDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TRANSACTIONS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

const money = centavosToDecimal;

function traslado(base: number, vat: number) {
  return element('cfdi:Traslado', {
    Base: money(base),
    Impuesto: '002',
    TipoFactor: 'Tasa',
    TasaOCuota: VAT_RATE_TEXT,
    Importe: money(vat),
  });
}

/**
 * The CFDI 4.0 Comprobante, in the order of SAT's cfdv40.xsd. Without `timbre` it is the
 * document before stamping; with it, the TimbreFiscalDigital 1.1 complement is added.
 */
export function buildCfdi(input: CfdiInput, seal: CfdiSeal, timbre?: TimbreFiscal): string {
  if (input.subtotal + input.vat !== input.total) throw new Error('subtotal + VAT ≠ total');
  const concept = CONCEPTS[input.kind];
  const description = input.reference
    ? `${concept.description} ${input.reference}`
    : concept.description;
  const generic = input.receiver.rfc === GENERAL_PUBLIC.rfc;
  const date = cfdiDate(input.issuedAt);
  const children: XmlElement[] = [];
  // A receiver "PUBLICO EN GENERAL" makes it a global invoice: SAT requires the period it covers
  // (here the day of the operation).
  if (generic && input.receiver.name === GENERAL_PUBLIC.name) {
    children.push(
      element('cfdi:InformacionGlobal', {
        Periodicidad: '01',
        Meses: date.slice(5, 7),
        Año: date.slice(0, 4),
      }),
    );
  }
  children.push(
    element('cfdi:Emisor', {
      Rfc: input.issuer.rfc,
      Nombre: input.issuer.name,
      RegimenFiscal: input.issuer.regime,
    }),
    element('cfdi:Receptor', {
      Rfc: input.receiver.rfc,
      Nombre: input.receiver.name,
      DomicilioFiscalReceptor: input.receiver.zip,
      RegimenFiscalReceptor: input.receiver.regime,
      UsoCFDI: input.receiver.use,
    }),
    element('cfdi:Conceptos', {}, [
      element(
        'cfdi:Concepto',
        {
          ClaveProdServ: concept.productCode,
          NoIdentificacion: `${input.series}${input.folio}`,
          Cantidad: '1',
          ClaveUnidad: concept.unitCode,
          Unidad: concept.unit,
          Descripcion: description,
          ValorUnitario: money(input.subtotal),
          Importe: money(input.subtotal),
          ObjetoImp: '02',
        },
        [
          element('cfdi:Impuestos', {}, [
            element('cfdi:Traslados', {}, [traslado(input.subtotal, input.vat)]),
          ]),
        ],
      ),
    ]),
    element('cfdi:Impuestos', { TotalImpuestosTrasladados: money(input.vat) }, [
      element('cfdi:Traslados', {}, [traslado(input.subtotal, input.vat)]),
    ]),
  );
  if (timbre) {
    children.push(
      element('cfdi:Complemento', {}, [
        element('tfd:TimbreFiscalDigital', {
          'xmlns:tfd': TFD_NAMESPACE,
          'xsi:schemaLocation': TFD_SCHEMA_LOCATION,
          Version: '1.1',
          UUID: timbre.uuid,
          FechaTimbrado: cfdiDate(timbre.stampedAt),
          RfcProvCertif: timbre.pacRfc,
          SelloCFD: timbre.selloCfd,
          NoCertificadoSAT: timbre.noCertificadoSat,
          SelloSAT: timbre.selloSat,
        }),
      ]),
    );
  }
  return toXml(
    element(
      'cfdi:Comprobante',
      {
        'xmlns:cfdi': CFDI_NAMESPACE,
        'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        'xsi:schemaLocation': CFDI_SCHEMA_LOCATION,
        Version: '4.0',
        Serie: input.series,
        Folio: String(input.folio),
        Fecha: date,
        Sello: seal.sello,
        FormaPago: input.paymentForm,
        NoCertificado: seal.noCertificado,
        Certificado: seal.certificado,
        SubTotal: money(input.subtotal),
        Moneda: 'MXN',
        Total: money(input.total),
        TipoDeComprobante: 'I',
        Exportacion: '01',
        MetodoPago: 'PUE',
        LugarExpedicion: input.issuer.zip,
      },
      children,
    ),
  );
}
