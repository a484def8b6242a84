import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

// Query parameters that carry credentials (recovery links, refresh tokens, invitations).
const SECRET_QUERY = /([?&](?:token|refresh_token|invitation_code|code)=)[^&]*/gi;
// Path segments that do: the sign-up wizard's token, recovery links opened in the SPA.
const SECRET_SEGMENT = /(\/(?:wizard|recovery-password)\/)[^/?#]+/gi;

/** Hides credentials that travel in URLs before a URL is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_SEGMENT, '$1[redacted]');
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    // Card fields too, should a card ever reach a log object (decision 013: it must not).
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.refresh_token',
      '*.card_number',
      '*.cvc',
    ],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        // Paths like user/verify-code/{userId}/{code} carry the code itself.
        url: redactUrl(request.url).replace(/(verify-code\/[^/]+\/)\d+/, '$1[redacted]'),
        ip: request.ip,
      }),
    },
  };
}

const ignore = () => undefined;

/** Writes nothing: the logger of services built outside an app (the demo seed, command-line tools). */
export const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => silentLogger,
};
