import { createHash, randomUUID } from 'node:crypto';
import { buildCfdi, type CfdiInput, type CfdiSeal, type TimbreFiscal } from './cfdi';

/** What a PAC answers: the stamped XML and its fiscal folio. */
export interface StampResult {
  uuid: string;
  stampedAt: Date;
  xml: string;
}

/**
 * A PAC (Proveedor Autorizado de Certificación): seals and stamps a CFDI. Only the sandbox
 * exists today; a real PAC adapter would sign with the issuer's CSD and call the provider.
 */
export interface Pac {
  readonly name: string;
  /** True when its stamps carry no fiscal validity. */
  readonly sandbox: boolean;
  stamp(input: CfdiInput, now: Date): Promise<StampResult>;
}

/** Certificate numbers of the sandbox: all zeros, which no SAT certificate has. */
export const SANDBOX_CERTIFICATE_NUMBER = '00000000000000000000';
export const SANDBOX_MARK = 'SANDBOX-SIN-VALIDEZ-FISCAL';
/** SAT's own RFC, the PAC RFC its test documents carry. */
export const SANDBOX_PAC_RFC = 'SAT970701NN3';

/**
 * The built-in sandbox PAC: local and instant. Its seals are the mark `SANDBOX-SIN-VALIDEZ-FISCAL`
 * followed by a SHA-256 of the document (not a signature), the certificate numbers are all
 * zeros and the UUID is random: nothing here is a valid fiscal stamp.
 */
export class SandboxPac implements Pac {
  readonly name = 'sandbox';
  readonly sandbox = true;

  stamp(input: CfdiInput, now: Date): Promise<StampResult> {
    const unsealed: CfdiSeal = {
      sello: SANDBOX_MARK,
      noCertificado: SANDBOX_CERTIFICATE_NUMBER,
      certificado: SANDBOX_MARK,
    };
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
    return Promise.resolve({ uuid, stampedAt: now, xml: buildCfdi(input, seal, timbre) });
  }
}

/** The configured PAC; only the sandbox exists, and it is the default. */
export function pacFor(name: 'sandbox' | undefined): Pac {
  switch (name) {
    case undefined:
    case 'sandbox':
      return new SandboxPac();
  }
}
