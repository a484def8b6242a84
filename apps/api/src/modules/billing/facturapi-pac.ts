import { centavosToDecimal } from '@despacho/domain';
import Facturapi, { FacturapiError, type CancellationMotive as FacturapiMotive } from 'facturapi';
import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { ProviderError, type ProviderCalls } from '../../platform/provider-calls';
import { retryAfterMs } from '../../platform/provider-http';
import { CONCEPTS, cfdiDate, GENERAL_PUBLIC, type CfdiInput } from './cfdi';
import type { CancellationStatus, CancelRequest, Pac, StampResult } from './pac';

const PROVIDER = 'facturapi';
/** Stamping waits on SAT through the PAC: Facturapi answers within seconds, rarely more. */
const TIMEOUT_MS = 30_000;

/** What we read of Facturapi's Invoice object (its v2 API): the rest is the PAC's business. */
const invoiceAnswer = z.object({
  id: z.string().min(1),
  status: z.string(),
  uuid: z.string().nullish(),
  cancellation_status: z.string().nullish(),
  stamp: z.object({ date: z.string() }).nullish(),
});

/** Facturapi's cancellation statuses as ours; `none` (not asked) and `verifying` still wait. */
const CANCELLATION: Record<string, CancellationStatus> = {
  none: 'pending',
  pending: 'pending',
  verifying: 'pending',
  accepted: 'accepted',
  rejected: 'rejected',
  expired: 'rejected',
};

export function cancellationStatusOf(invoice: {
  status: string;
  cancellation_status?: string | null;
}): CancellationStatus {
  if (invoice.status === 'canceled') return 'accepted';
  return CANCELLATION[invoice.cancellation_status ?? 'none'] ?? 'pending';
}

/**
 * The invoice as Facturapi's JSON: the issuer is the Facturapi organization the API key belongs
 * to (its legal data and CSD, uploaded there), so CFDI_ISSUER_* must say the same. Prices go
 * before tax with the VAT rate, as our subtotal and VAT were split (decision 016).
 */
export function facturapiInvoice(input: CfdiInput, key: string) {
  const concept = CONCEPTS[input.kind];
  const date = cfdiDate(input.issuedAt);
  const global = input.receiver.rfc === GENERAL_PUBLIC.rfc;
  return {
    type: 'I',
    customer: {
      legal_name: input.receiver.name,
      tax_id: input.receiver.rfc,
      tax_system: input.receiver.regime,
      address: { zip: input.receiver.zip },
    },
    items: [
      {
        quantity: 1,
        product: {
          description: input.reference
            ? `${concept.description} ${input.reference}`
            : concept.description,
          product_key: concept.productCode,
          unit_key: concept.unitCode,
          unit_name: concept.unit,
          sku: `${input.series}${input.folio}`,
          price: Number(centavosToDecimal(input.subtotal)),
          tax_included: false,
          taxes: [{ type: 'IVA', rate: 0.16 }],
        },
      },
    ],
    use: input.receiver.use,
    payment_form: input.paymentForm,
    payment_method: 'PUE',
    currency: 'MXN',
    series: input.series,
    folio_number: input.folio,
    ...(global
      ? { global: { periodicity: 'day', months: date.slice(5, 7), year: Number(date.slice(0, 4)) } }
      : {}),
    idempotency_key: key,
  };
}

/** A secret key, should Facturapi's text ever quote one: it never goes further than here. */
const SECRET_KEY = /\bsk_(test|live)_\S+/g;

/**
 * The SDK's failures as ours, with Facturapi's own message for staff (any key in it redacted:
 * the message reaches the invoice's failure reason, the jobs' log and the failures view).
 */
function asProviderError(error: unknown): unknown {
  if (error instanceof ProviderError) return error;
  if (error instanceof FacturapiError) {
    const message = error.message.replace(SECRET_KEY, '[redacted]');
    const details = { status: error.status, ...(error.code ? { providerCode: error.code } : {}) };
    if (error.status === 429) {
      const wait = retryAfterMs(error.headers['retry-after'] ?? null, new Date());
      return new ProviderError(PROVIDER, 'rate_limited', message, {
        ...details,
        ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      });
    }
    const code = error.status >= 500 ? 'unavailable' : 'rejected';
    return new ProviderError(PROVIDER, code, message, details);
  }
  if (error instanceof SyntaxError) {
    return new ProviderError(PROVIDER, 'malformed', 'answer is not JSON');
  }
  return error;
}

/** The SDK takes no abort signal: the call is abandoned (its answer ignored) when it fires. */
function abandonedOn<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('aborted'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    call.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A download as text: the SDK gives a Node stream (or a Blob where streams are missing). */
async function asText(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (body instanceof Blob) return body.text();
  if (body && typeof (body as NodeJS.ReadableStream).pipe === 'function') {
    return text(body as NodeJS.ReadableStream);
  }
  throw new ProviderError(PROVIDER, 'malformed', 'the XML download is not a file');
}

/**
 * Facturapi (decision 035): stamps CFDI 4.0 from JSON with the organization's CSD kept at
 * Facturapi, cancels with SAT's reasons, and gives the stamped XML. Every call goes through
 * `ProviderCalls` (timed, failures kept for staff). A `sk_test_` key stamps in Facturapi's test
 * mode: those documents have no fiscal validity and are shown as sandbox.
 */
export class FacturapiPac implements Pac {
  /** `facturapi_test` in test mode, so each invoice records whether its stamp is valid. */
  readonly name: string;
  readonly sandbox: boolean;
  readonly remote = true;
  private readonly client: Facturapi;

  constructor(
    private readonly deps: {
      apiKey: string;
      baseUrl?: string;
      providerCalls: ProviderCalls;
      /** Per call (default 30 s). */
      timeoutMs?: number;
    },
  ) {
    this.client = new Facturapi(deps.apiKey);
    if (deps.baseUrl) this.client.BASE_URL = deps.baseUrl;
    this.sandbox = deps.apiKey.startsWith('sk_test_');
    this.name = this.sandbox ? `${PROVIDER}_test` : PROVIDER;
  }

  private call<T>(operation: string, call: () => Promise<T>, retries: number): Promise<T> {
    return this.deps.providerCalls.run(
      { kind: 'cfdi', provider: PROVIDER, operation },
      (signal) =>
        abandonedOn(signal, call()).catch((error: unknown) =>
          Promise.reject(asProviderError(error)),
        ),
      { timeoutMs: this.deps.timeoutMs ?? TIMEOUT_MS, retries },
    );
  }

  private read(answer: unknown) {
    const parsed = invoiceAnswer.safeParse(answer);
    if (!parsed.success)
      throw new ProviderError(PROVIDER, 'malformed', 'unexpected invoice answer');
    return parsed.data;
  }

  /** Retried safely: the idempotency key makes Facturapi answer the document already stamped. */
  async stamp(input: CfdiInput, _now: Date, key: string): Promise<StampResult> {
    const invoice = await this.call(
      'stamp',
      async () => this.read(await this.client.invoices.create(facturapiInvoice(input, key))),
      2,
    );
    if (invoice.status !== 'valid' || !invoice.uuid) {
      throw new ProviderError(PROVIDER, 'malformed', `invoice ${invoice.id} is ${invoice.status}`);
    }
    const xml = await this.call(
      'download_xml',
      async () => asText(await this.client.invoices.downloadXml(invoice.id)),
      2,
    );
    const stampedAt = new Date(invoice.stamp?.date ?? Number.NaN);
    return {
      uuid: invoice.uuid.toUpperCase(),
      stampedAt: Number.isNaN(stampedAt.getTime()) ? new Date() : stampedAt,
      xml,
      providerId: invoice.id,
    };
  }

  /** Not retried: a second request for the same cancellation is refused by Facturapi. */
  async cancel(request: CancelRequest): Promise<CancellationStatus> {
    const id = request.providerId;
    if (!id) throw new ProviderError(PROVIDER, 'rejected', 'invoice was not stamped by Facturapi');
    const invoice = await this.call(
      'cancel',
      async () =>
        this.read(
          await this.client.invoices.cancel(id, {
            motive: request.motive as FacturapiMotive,
            ...(request.substitutionUuid ? { substitution: request.substitutionUuid } : {}),
          }),
        ),
      0,
    );
    return cancellationStatusOf(invoice);
  }

  /** A read: retried like any GET. */
  async cancellationStatus(providerId: string): Promise<CancellationStatus> {
    const invoice = await this.call(
      'cancellation_status',
      async () => this.read(await this.client.invoices.retrieve(providerId)),
      2,
    );
    return cancellationStatusOf(invoice);
  }
}
