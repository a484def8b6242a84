import {
  canTransition,
  type AuditAction,
  mexicoDate,
  type ClassificationStatus,
  type NotificationContent,
  type TariffFraction,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { TariffFractionsService } from '../catalogs';
import type { NotificationsService } from '../notifications';
import type { ProductsService } from '../products';
import type { LedgerService } from '../wallet';
import * as repository from './classification.repository';
import type { ItemRow, NewItem } from './classification.repository';

export interface WorkflowDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  ledger: LedgerService;
  products: ProductsService;
  tariffFractions: TariffFractionsService;
  notifications: NotificationsService;
}

/** Who moves an item: a merchant's or a staff member's user, or the platform itself. */
export type Actor =
  | { kind: 'merchant'; userId: string }
  /** Staff moves are also in the staff audit log, under `action`. */
  | { kind: 'staff'; userId: string; action: AuditAction }
  | { kind: 'system' };

/** The merchant's page of a request, where notifications lead. */
export const requestLink = (requestId: string) => `/app/tariff-classification/create/${requestId}`;

/** The ledger's idempotency key of one movement of an item's fee (one per hold it had). */
const feeKey = (
  row: Pick<ItemRow, 'id' | 'holdSeq'>,
  movement: 'hold' | 'capture' | 'release' | 'refund',
) => `classification:${row.id}:${movement}:${row.holdSeq}`;

/**
 * What both sides of classification share: the allowed transitions (each audited, the product's
 * tariff status following in the same transaction), the fee's movements through the wallet's
 * ledger (idempotent by keys of the item and its hold, so a repeated action moves nothing
 * twice), the catalogue check of a code on a day, and the merchant's notifications.
 */
export class ClassificationWorkflow {
  constructor(readonly deps: WorkflowDeps) {}

  /** Today in Mexico City, YYYY-MM-DD. */
  today(): string {
    return mexicoDate(this.deps.clock.now());
  }

  /**
   * Moves a locked item to `to` when the transitions allow it (else
   * CLASSIFICATION_TRANSITION_REFUSED, nothing written), with `values`, the transition recorded
   * (and a staff one in the staff audit log),
   * the product's tariff status (and, on publish, its code) updated through products.
   */
  async move(
    tx: DbOrTx,
    row: ItemRow,
    to: ClassificationStatus,
    actor: Actor,
    options: {
      values?: Partial<NewItem>;
      note?: string | null;
      code?: { fraction: string; nico: string };
    } = {},
  ): Promise<ItemRow> {
    this.assertCan(row, to);
    const now = this.deps.clock.now();
    const updated = await repository.updateItem(tx, row, {
      ...options.values,
      status: to,
      updatedAt: now,
    });
    await repository.insertTransitions(tx, [
      {
        organizationId: row.organizationId,
        itemId: row.id,
        fromStatus: row.status,
        toStatus: to,
        actorKind: actor.kind,
        actorId: actor.kind === 'system' ? null : actor.userId,
        note: options.note ?? null,
        createdAt: now,
      },
    ]);
    await this.deps.products.setTariff(tx, row.organizationId, [row.productId], {
      status: to,
      ...(options.code ? { code: options.code } : {}),
    });
    if (actor.kind === 'staff') {
      await this.deps.audit.record(tx, {
        actorId: actor.userId,
        action: actor.action,
        subjectType: 'classification_item',
        subjectId: row.id,
        organizationId: row.organizationId,
        before: { status: row.status, fee_state: row.feeState },
        after: {
          status: to,
          fee_state: updated.feeState,
          ...(options.note ? { note: options.note } : {}),
          ...(options.code ? { code: options.code.fraction + options.code.nico } : {}),
        },
      });
    }
    return updated;
  }

  assertCan(row: Pick<ItemRow, 'status'>, to: ClassificationStatus) {
    if (!canTransition(row.status, to)) {
      throw new AppError('CLASSIFICATION_TRANSITION_REFUSED', { from: row.status, to });
    }
  }

  /** Holds one product's fee; INSUFFICIENT_BALANCE leaves the caller's transaction to roll back. */
  async holdFee(
    tx: DbOrTx,
    row: Pick<ItemRow, 'id' | 'organizationId' | 'holdSeq' | 'feeCentavos' | 'productName'>,
  ) {
    const held = await this.deps.ledger.hold(
      {
        organizationId: row.organizationId,
        idempotencyKey: feeKey(row, 'hold'),
        kind: 'classification',
        reference: { type: 'classification_item', id: row.id },
        description: { code: 'classification', params: { product: row.productName } },
        amount: row.feeCentavos,
      },
      tx,
    );
    return held.holdId!;
  }

  /** Charges the held fee: the service to revenue, its VAT to vat_payable. Once per hold. */
  async captureFee(tx: DbOrTx, row: ItemRow): Promise<Partial<NewItem>> {
    const captured = await this.deps.ledger.capture(
      {
        organizationId: row.organizationId,
        idempotencyKey: feeKey(row, 'capture'),
        kind: 'classification',
        reference: { type: 'classification_item', id: row.id },
        holdId: row.holdId,
        lines: [
          { account: 'revenue', amount: row.feeCentavos - row.vatCentavos },
          { account: 'vat_payable', amount: row.vatCentavos },
        ],
      },
      tx,
    );
    return { feeState: 'captured', chargeTransactionId: captured.transactionId };
  }

  /** Returns the held fee to the balance. Once per hold. */
  async releaseFee(tx: DbOrTx, row: ItemRow): Promise<Partial<NewItem>> {
    await this.deps.ledger.release(
      {
        organizationId: row.organizationId,
        idempotencyKey: feeKey(row, 'release'),
        kind: 'classification',
        reference: { type: 'classification_item', id: row.id },
        holdId: row.holdId,
      },
      tx,
    );
    return { feeState: 'released' };
  }

  /** Gives the fee back whatever it is now: released while held, refunded once captured. */
  async returnFee(tx: DbOrTx, row: ItemRow): Promise<Partial<NewItem>> {
    if (row.feeState === 'held') return this.releaseFee(tx, row);
    if (row.feeState === 'released' || !row.chargeTransactionId) return {};
    await this.deps.ledger.refund(
      {
        organizationId: row.organizationId,
        idempotencyKey: feeKey(row, 'refund'),
        kind: 'refund',
        reference: { type: 'classification_item', id: row.id },
        transactionId: row.chargeTransactionId,
      },
      tx,
    );
    return { feeState: 'released' };
  }

  /** The code's catalogue row in force on `day`, or the catalogue's refusal (TariffFractionsService). */
  codeInForce(fraction: string, nico: string, day: string): Promise<TariffFraction> {
    return this.deps.tariffFractions.requireInForce(fraction, nico, day);
  }

  notify(tx: DbOrTx, row: ItemRow, content: NotificationContent, kind: 'NOTIFICATION' | 'WARNING') {
    return this.deps.notifications.notify(
      row.organizationId,
      { kind, content, link: requestLink(row.requestId) },
      tx,
    );
  }
}
