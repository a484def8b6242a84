import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';

const ISSUER = 'despacho';
// Its own audience: an access token is never accepted as a wizard token, nor the reverse.
const AUDIENCE = 'despacho-wizard';
const PURPOSE = 'wizard';
export const WIZARD_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * The link to the sign-up wizard (`wizard/{token}`): proves that this user verified their phone
 * within the last day, so they may create their organization without signing in.
 */
export class WizardTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(userId: string): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + WIZARD_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The user id of a valid token; TOKEN_EXPIRED or TOKEN_INVALID otherwise. */
  async verify(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (payload.purpose !== PURPOSE || typeof payload.sub !== 'string') throw new Error();
      return payload.sub;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('TOKEN_INVALID');
    }
  }
}
