import {
  hasPermission,
  looksLikeApiKey,
  type ApiKeyMode,
  type RouteAccess,
} from '@despacho/domain';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors';

/** Who is calling, read from the access token: set by `authenticate`. */
export interface AuthContext {
  userId: string;
  /** Null until the sign-up wizard has created the organization. */
  organizationId: string | null;
  permissions: string[];
  isStaff: boolean;
  /** The refresh-token family (sign-in) this access token belongs to. */
  sessionFamily: string;
  /**
   * Set when an API key calls: the key is the actor (logs, last use) and `userId` is the person
   * who created it, for the records that name who made them. `mode` is the key's: a test key
   * must only reach sandbox providers (`assertProviderMode`).
   */
  apiKey?: { id: string; mode: ApiKeyMode };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const ISSUER = 'despacho';
const AUDIENCE = 'despacho-api';

export type AccessTokenClaims = AuthContext;

/**
 * Short-lived HS256 access tokens. They carry the permissions so that authorization needs no
 * query; a role change or deactivation takes effect at the next refresh (at most one token TTL).
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  // Imported once: handing jose the raw bytes makes it import the key again on every call.
  private readonly verifyKey: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.verifyKey = webcrypto.subtle.importKey(
      'raw',
      this.key,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
  }

  get ttl() {
    return this.ttlSeconds;
  }

  sign(claims: AccessTokenClaims, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      org: claims.organizationId,
      perms: claims.permissions,
      staff: claims.isStaff,
      fam: claims.sessionFamily,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token; SESSION_EXPIRED for an expired one, UNAUTHENTICATED otherwise. */
  async verify(token: string, now: Date): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.verifyKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
      });
      return {
        userId: String(payload.sub),
        organizationId: typeof payload.org === 'string' ? payload.org : null,
        permissions: Array.isArray(payload.perms) ? payload.perms.map(String) : [],
        isStaff: payload.staff === true,
        sessionFamily: String(payload.fam ?? ''),
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('SESSION_EXPIRED');
      throw new AppError('UNAUTHENTICATED');
    }
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The contract's `sessionOnly`: API keys are refused. */
    sessionOnly?: true;
    /** The contract's `anyKey`: an organization read any of its keys may make. */
    anyKey?: true;
  }
}

/**
 * For a token that verified: the caller as the database knows them now, or null when the
 * sign-in ended (logout, deactivation, password reset). Checked on every call, so such a change
 * takes effect at the caller's next request.
 */
export type CallerLoader = (
  claims: AccessTokenClaims,
  request: FastifyRequest,
) => Promise<AuthContext | null>;

/**
 * For a bearer token shaped as an API key (`dsp_…`): the caller it stands for, with the
 * permissions its scopes grant for this request's method, or it throws (invalid, revoked,
 * expired, wrong address, over its rate limit). The developers module provides it.
 */
export type ApiKeyLoader = (
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AuthContext>;

/** Records a call a key made, once answered (the audit of what the key did). */
export type ApiKeyCallRecorder = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Access kinds that stand for a person's sign-in: an API key never opens them. */
const PERSON_ACCESS = new Set<RouteAccess>(['signed-in', 'staff', 'organization']);

/**
 * Whether an API key may call a route: one opened by a menu permission (the key's scopes) that
 * is not `sessionOnly`, or an organization read declared `anyKey`. The public documentation
 * lists exactly these.
 */
export function acceptsApiKeys({ access, sessionOnly, anyKey }: FastifyContextConfig): boolean {
  if (access === 'organization' && anyKey) return true;
  return access !== undefined && access !== 'public' && !PERSON_ACCESS.has(access) && !sessionOnly;
}

/** The checks behind each kind of access. */
export function authGuards(tokens: AccessTokens, clock: { now(): Date }, loadCaller: CallerLoader) {
  let loadApiKey: ApiKeyLoader | null = null;
  let recordApiKeyCall: ApiKeyCallRecorder | null = null;

  const authenticate = async (request: FastifyRequest, reply?: FastifyReply) => {
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    if (looksLikeApiKey(token)) {
      if (!loadApiKey || !reply) throw new AppError('API_KEY_INVALID');
      request.auth = await loadApiKey(token, request, reply);
      return;
    }
    const caller = await loadCaller(await tokens.verify(token, clock.now()), request);
    if (!caller) throw new AppError('SESSION_EXPIRED');
    request.auth = caller;
  };

  /** Enforces a route's declared access; routes that declare none are refused (fail closed). */
  const enforce = async (
    request: FastifyRequest,
    reply: FastifyReply,
    config: FastifyContextConfig,
  ) => {
    const { access } = config;
    if (access === 'public') return;
    if (access === undefined) throw new AppError('FORBIDDEN');
    await authenticate(request, reply);
    const auth = request.auth!;
    if (auth.apiKey && !acceptsApiKeys(config)) throw new AppError('API_KEY_SESSION_ONLY');
    if (access === 'signed-in') return;
    if (access === 'staff') {
      if (!auth.isStaff) throw new AppError('FORBIDDEN');
      return;
    }
    if (!auth.organizationId) throw new AppError('FORBIDDEN');
    if (access === 'organization') return;
    const anyOf = typeof access === 'string' ? [access] : access;
    if (!anyOf.some((key) => hasPermission(auth.permissions, key))) {
      throw new AppError(auth.apiKey ? 'API_KEY_SCOPE_MISSING' : 'FORBIDDEN');
    }
  };

  /** Set once by the developers module, which keeps the keys (the platform knows no tables). */
  const acceptApiKeys = (loader: ApiKeyLoader, recorder: ApiKeyCallRecorder) => {
    loadApiKey = loader;
    recordApiKeyCall = recorder;
  };

  /** After a key's call is answered, before the answer leaves: what it did, on record. */
  const recordKeyCall = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.auth?.apiKey) await recordApiKeyCall?.(request, reply);
  };

  return { authenticate, enforce, acceptApiKeys, recordKeyCall };
}

/** The caller's context inside a handler behind `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** The caller's organization inside a handler behind `requirePermission`. */
export function organizationOf(request: FastifyRequest): string {
  const organizationId = authOf(request).organizationId;
  if (!organizationId) throw new AppError('FORBIDDEN');
  return organizationId;
}
