import type { ErrorCode } from '@despacho/domain';
import { AppError } from '../../platform/errors';
import { CarrierError } from './carrier-adapter';

/**
 * What the carrier answers to `call`; its refusal or failure becomes `code` for the merchant,
 * with the carrier's own message as `{reason}`. Anything else is ours and goes on as it is.
 */
export async function askCarrier<T>(code: ErrorCode, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CarrierError) throw new AppError(code, { reason: error.message });
    throw error;
  }
}
