import { shipmentsContract } from '@despacho/domain';
import { SaxesParser } from 'saxes';
import { AppError } from '../../platform/errors';
import type { FileKind, ReceiveOptions } from '../../platform/files';

/** The multipart field the insurance invoice travels in, as the contract declares it. */
const INSURANCE_INVOICE_FIELD = shipmentsContract.uploadInsuranceInvoice.upload.field;
/** `files.purpose` of an uploaded insurance invoice (PDF or CFDI XML). */
export const INSURANCE_INVOICE_PURPOSE = 'shipment.insurance_invoice';

/** SAT's namespaces of CFDI 4.0 and 3.3 (older invoices still arrive as 3.3). */
const CFDI_NAMESPACES = ['http://www.sat.gob.mx/cfd/4', 'http://www.sat.gob.mx/cfd/3'];

/**
 * Whether `content` is a well-formed XML document (UTF-8, no DTD) whose root element is a CFDI
 * `Comprobante`, read by a conforming namespace-aware parser: the prefix may be any, the
 * namespace must be SAT's.
 */
export function isCfdi(content: Buffer): boolean {
  const parser = new SaxesParser({ xmlns: true });
  let root: { uri: string; local: string } | undefined;
  parser.on('opentag', (tag) => {
    root ??= { uri: tag.uri, local: tag.local };
  });
  // A CFDI has no DTD, and a DTD is where entity expansion attacks start.
  parser.on('doctype', () => {
    throw new Error('DTD');
  });
  parser.on('error', (error) => {
    throw error;
  });
  try {
    parser.write(new TextDecoder('utf-8', { fatal: true }).decode(content)).close();
  } catch {
    return false;
  }
  return root?.local === 'Comprobante' && CFDI_NAMESPACES.includes(root.uri);
}

/** The FileStore check of an insurance invoice: its XML, if XML, must be a CFDI. */
export function checkInsuranceInvoice(kind: FileKind, content: Buffer) {
  if (kind === 'xml' && !isCfdi(content)) throw new AppError('CFDI_INVALID');
}

/**
 * How the route has FileStore receive the stamped sales invoice an insured guide needs: a PDF
 * or a CFDI XML (the store's 1 MB limit), in `INSURANCE_INVOICE_FIELD`.
 */
export function insuranceInvoiceUpload(organizationId: string, userId: string): ReceiveOptions {
  return {
    organizationId,
    purpose: INSURANCE_INVOICE_PURPOSE,
    allowed: ['pdf', 'xml'],
    field: INSURANCE_INVOICE_FIELD,
    check: checkInsuranceInvoice,
    uploadedBy: userId,
  };
}
