import { AUTH_RULES } from '@despacho/domain';
import { decodeJwt } from 'jose';
import { AccessTokens } from '../../apps/api/src/platform/auth';
import { E2E_JWT_SECRET } from './env';

const tokens = new AccessTokens(E2E_JWT_SECRET, AUTH_RULES.accessTokenTtlSeconds);

/**
 * The same claims as `accessToken` (a real one the e2e server issued), re-signed so that it
 * expired a minute ago: the web client must refresh it transparently.
 */
export function expiredCopyOf(accessToken: string): Promise<string> {
  const payload = decodeJwt(accessToken);
  const issuedAt = new Date(Date.now() - (AUTH_RULES.accessTokenTtlSeconds + 60) * 1000);
  return tokens.sign(
    {
      userId: String(payload.sub),
      organizationId: typeof payload.org === 'string' ? payload.org : null,
      permissions: Array.isArray(payload.perms) ? payload.perms.map(String) : [],
      isStaff: payload.staff === true,
      sessionFamily: String(payload.fam ?? ''),
    },
    issuedAt,
  );
}
