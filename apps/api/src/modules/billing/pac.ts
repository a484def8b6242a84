import type { CancellationMotive, CANCELLATION_STATUSES } from '@despacho/domain';
import { createHash, randomUUID } from 'node:crypto';
import { buildCfdi, type CfdiInput, type CfdiSeal, type TimbreFiscal } from './cfdi';

/** What a PAC answers: the stamped XML, its fiscal folio and the PAC's own id of it. */
export interface StampResult {
  uuid: string;
  stampedAt: Date;
  xml: string;
  /** The PAC's id of the document (what its cancellation names); null for the sandbox. */
  providerId: string | null;
}

/** Where SAT has a cancellation: `pending` while the receiver may still answer (72 hours). */
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];

export interface CancelRequest {
  uuid: string;
  providerId: string | null;
  motive: CancellationMotive;
  /** The replacing CFDI's UUID: required with motive 01, refused with the others. */
  substitutionUuid: string | null;
}

/**
 * A PAC (Proveedor Autorizado de Certificación): seals and stamps a CFDI, and asks SAT to cancel
 * one. The built-in sandbox is local; Facturapi (decision 035) calls the provider.
 */
export interface Pac {
  readonly name: string;
  /** True when its stamps carry no fiscal validity. */
  readonly sandbox: boolean;
  /** True when it calls the network: it must never be called inside a database transaction. */
  readonly remote: boolean;
  /** `key` is the invoice's id: the same key stamps at most one document at the PAC. */
  stamp(input: CfdiInput, now: Date, key: string): Promise<StampResult>;
  cancel(request: CancelRequest): Promise<CancellationStatus>;
  /** Where a cancellation asked earlier stands now (`providerId`: the PAC's id of the document). */
  cancellationStatus(providerId: string): Promise<CancellationStatus>;
}

/**
 * Whether the PAC recorded on an invoice (its `name`) stamps without fiscal validity: the
 * sandbox, or a provider's test mode (`facturapi_test`).
 */
export function withoutFiscalValidity(pacName: string): boolean {
  return pacName === 'sandbox' || pacName.endsWith('_test');
}

/** Certificate numbers of the sandbox: all zeros, which no SAT certificate has. */
export const SANDBOX_CERTIFICATE_NUMBER = '00000000000000000000';
export const SANDBOX_MARK = 'SANDBOX-SIN-VALIDEZ-FISCAL';
/** SAT's own RFC, the PAC RFC its test documents carry. */
export const SANDBOX_PAC_RFC = 'SAT970701NN3';

/** The seal fields of a document not sealed yet: what is validated before a PAC gets it. */
export const UNSEALED: CfdiSeal = {
  sello: SANDBOX_MARK,
  noCertificado: SANDBOX_CERTIFICATE_NUMBER,
  certificado: SANDBOX_MARK,
};

/**
 * The built-in sandbox PAC: local and instant. Its seals are the mark `SANDBOX-SIN-VALIDEZ-FISCAL`
 * followed by a SHA-256 of the document (not a signature), the certificate numbers are all
 * zeros and the UUID is random: nothing here is a valid fiscal stamp.
 */
export class SandboxPac implements Pac {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly remote = false;

  stamp(input: CfdiInput, now: Date): Promise<StampResult> {
    const unsealed = UNSEALED;
    const digest = createHash('sha256').update(buildCfdi(input, unsealed)).digest('base64');
    const seal: CfdiSeal = { ...unsealed, sello: `${SANDBOX_MARK}:${digest}` };
    const uuid = randomUUID().toUpperCase();
    const timbre: TimbreFiscal = {
      uuid,
      stampedAt: now,
      pacRfc: SANDBOX_PAC_RFC,
      selloCfd: seal.sello,
      noCertificadoSat: SANDBOX_CERTIFICATE_NUMBER,
      selloSat: `${SANDBOX_MARK}:${createHash('sha256').update(`${uuid}|${digest}`).digest('base64')}`,
    };
    return Promise.resolve({
      uuid,
      stampedAt: now,
      xml: buildCfdi(input, seal, timbre),
      providerId: null,
    });
  }

  /** The sandbox has no receiver to ask: a cancellation is accepted at once. */
  cancel(): Promise<CancellationStatus> {
    return Promise.resolve('accepted');
  }

  cancellationStatus(): Promise<CancellationStatus> {
    return Promise.resolve('accepted');
  }
}
