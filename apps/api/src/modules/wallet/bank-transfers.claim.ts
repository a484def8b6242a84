import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import * as repository from './bank-transfers.repository';

/**
 * For the notification side (staff approving a SPEI notification): call it first in the
 * approval's transaction, BEFORE locking the deposit (reconciliation locks in that order too).
 * When the organization's transfer with the notification's bank and tracking key was already
 * credited on its own, it is linked to the notification and its ledger transaction and amount
 * are answered: mark the notification credited with them instead of crediting again. Null when
 * there is no such transfer: credit as usual.
 */
export async function claimCreditedTransfer(
  tx: DbOrTx,
  notification: { id: string; organizationId: string; originBank: string; trackingKey: string },
  clock: Clock,
): Promise<{ ledgerTransactionId: string; amount: number; bankTransferId: string } | null> {
  await repository.lockOrganizationReconciliation(tx, notification.organizationId);
  const transfer = await repository.lockCreditedTransferWithoutNotification(
    tx,
    notification.organizationId,
    notification.originBank,
    notification.trackingKey,
  );
  if (!transfer?.ledgerTransactionId) return null;
  await repository.updateTransfer(tx, transfer.id, {
    depositId: notification.id,
    updatedAt: clock.now(),
  });
  return {
    ledgerTransactionId: transfer.ledgerTransactionId,
    amount: transfer.amount,
    bankTransferId: transfer.id,
  };
}
