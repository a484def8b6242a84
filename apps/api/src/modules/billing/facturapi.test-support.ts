import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCfdi, type CfdiInput } from './cfdi';

/** One request the double received, as Facturapi would see it. */
export interface DoubleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

/** One answer: a status, a body (JSON unless `type` says otherwise), headers, or silence. */
export interface DoubleAnswer {
  status: number;
  body?: unknown;
  type?: string;
  headers?: Record<string, string>;
  /** Never answers (the caller's timeout ends it). */
  hang?: boolean;
}

/** A stamped CFDI as Facturapi's XML download gives it (a PAC's seal and stamp, made up). */
export function stampedXml(input: CfdiInput, uuid: string): string {
  const seal = {
    sello: 'U0VMTE8=',
    noCertificado: '30001000000500003416',
    certificado: 'Q0VSVA==',
  };
  return buildCfdi(input, seal, {
    uuid,
    stampedAt: new Date('2026-03-02T16:00:05Z'),
    pacRfc: 'FIN1203015JA',
    selloCfd: seal.sello,
    selloSat: 'U0VMTE9TQVQ=',
    noCertificadoSat: '30001000000500003456',
  });
}

/** Facturapi's Invoice object, as its v2 API answers it (the fields a client reads). */
export function facturapiInvoiceAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: '6745c8e5f1a2b3c4d5e6f708',
    organization: '6745c8e5f1a2b3c4d5e6f700',
    livemode: false,
    created_at: '2026-03-02T16:00:04.000Z',
    date: '2026-03-02T16:00:04.000Z',
    type: 'I',
    status: 'valid',
    cancellation_status: 'none',
    cfdi_version: 4,
    uuid: '5fb2822e-396d-4725-8521-cdc4bdd20ccf',
    total: 1250,
    series: 'DEP',
    folio_number: 7,
    payment_form: '03',
    payment_method: 'PUE',
    currency: 'MXN',
    stamp: {
      date: '2026-03-02T10:00:05',
      sat_signature: 'U0VMTE9TQVQ=',
      sat_cert_number: '30001000000500003456',
      signature: 'U0VMTE8=',
      complement_string: '||1.1|5FB2822E||',
      rfc_provider_cert: 'FIN1203015JA',
    },
    ...overrides,
  };
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * An HTTP double of Facturapi's REST API on a free local port: it records each request and
 * answers from `answers` in order (an empty queue answers 500, so a test never passes on a
 * request it did not expect).
 */
export async function facturapiDouble() {
  const requests: DoubleRequest[] = [];
  const answers: DoubleAnswer[] = [];
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://double');
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: request.headers.authorization,
        body,
      });
      const answer = answers.shift() ?? { status: 500, body: { message: 'unexpected request' } };
      if (answer.hang) return;
      const type = answer.type ?? 'application/json';
      response.writeHead(answer.status, { 'content-type': type, ...answer.headers });
      response.end(
        typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {}),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return {
    baseUrl,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
