import type { DbOrTx } from '../../platform/db';
import * as repository from './ledger.repository';
import type { Line, Movement } from './ledger.service';

/**
 * Captures a hold through the wallet's SQL (`ledger_capture_hold`), the one capture there is
 * (`LedgerService.capture` and the guide purchase's settle call it), for the ledger's own tests.
 * Answers its outcome and, when 'captured', what moved.
 */
export function captureHold(
  db: DbOrTx,
  input: Movement & { holdId: string; lines: Line[] },
  now: Date,
) {
  return repository.captureHold(db, {
    ...input,
    requestHash: `test:${input.idempotencyKey}`,
    reference: input.reference ?? null,
    now,
  });
}
