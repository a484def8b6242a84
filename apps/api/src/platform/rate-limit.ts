import type { Config } from '../config';

/**
 * Route config capping calls per client and minute where guessing (passwords, codes) or sending
 * (SMS, mail) is at stake. The client is `request.ip` (see TRUST_PROXY), counted in PostgreSQL
 * across processes. Over the cap the plugin throws a 429, which the error handler answers with
 * the localized RATE_LIMITED message.
 */
export function authRateLimit(config: Config) {
  return { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };
}
