import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the double: a status and a body (JSON unless `raw`), or `hang` for no answer. */
export type TwilioAnswer = { status: number; body: unknown; raw?: boolean } | 'hang';

export interface TwilioRequest {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** Twilio's documented answer to `POST …/Messages.json` (the fields we read and a few more). */
export function twilioMessage(sid: string, to: string, status = 'queued') {
  return {
    sid,
    account_sid: `AC${'0'.repeat(32)}`,
    to,
    status,
    num_segments: '1',
    error_code: null,
    error_message: null,
    uri: `/2010-04-01/Accounts/AC${'0'.repeat(32)}/Messages/${sid}.json`,
  };
}

/** Twilio's documented error body (`code`, `message`, `more_info`, `status`). */
export function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A local stand-in for api.twilio.com, answering each request with the next scripted answer (a
 * created message by default, with a fresh SID) and recording what it was sent.
 */
export async function startTwilioDouble() {
  const requests: TwilioRequest[] = [];
  const answers: TwilioAnswer[] = [];
  let sequence = 0;
  const server: Server = createServer((request, response) => {
    void formOf(request).then((form) => {
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form,
      });
      const answer = answers.shift();
      // Left unanswered: the caller's timeout ends it.
      if (answer === 'hang') return;
      sequence += 1;
      const { status, body, raw } = answer ?? {
        status: 201,
        body: twilioMessage(`SM${String(sequence).padStart(32, '0')}`, form.To ?? ''),
      };
      response.writeHead(status, { 'content-type': raw ? 'text/html' : 'application/json' });
      response.end(raw ? String(body) : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answers,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
