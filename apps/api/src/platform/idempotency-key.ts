import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyField } from '@despacho/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The `Idempotency-Key` header of a call that creates something (a deposit, a guide): a retry
 * with the same key answers the first result. IDEMPOTENCY_KEY_REQUIRED when missing or malformed.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeyField.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return parsed.data;
}
