import {
  canMoveCustoms,
  T1_CUSTOMS_STATUSES,
  type CustomsStatusInput,
  type Language,
  type PageMeta,
  type ShipmentDetail,
  type StaffT1ShipmentSummary,
  type T1CustomsEvent,
  type T1CustomsStatus,
  type T1ShipmentsQuery,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { z } from 'zod';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { ShipmentsService } from '../shipments';
import * as repository from './declarations.repository';
import type { DeclarationRow } from './declarations.repository';
import { t1Summary } from './t1.view';

export const CUSTOMS_SANDBOX_JOB = 'international.customs_sandbox';

const sandboxPayload = z.object({
  organization_id: z.uuid(),
  declaration_id: z.uuid(),
  /** The status it leaves: a shipment staff moved elsewhere meanwhile is left alone. */
  from: z.enum(T1_CUSTOMS_STATUSES),
  to: z.enum(T1_CUSTOMS_STATUSES),
});
type SandboxPayload = z.infer<typeof sandboxPayload>;

/** A reference containing this is held by the sandbox's customs (demos and tests). */
export const SANDBOX_HELD_REFERENCE = 'RETENIDO';
const HOUR = 60 * 60_000;
/** When the sandbox's customs present a guide after its purchase, and clear it after that. */
const SANDBOX_CLEARANCE_AFTER = 2 * HOUR;
const SANDBOX_RESULT_AFTER = 4 * HOUR;

export interface CustomsDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  accounts: Pick<AccountsService, 'organizationNames'>;
  shipments: Pick<ShipmentsService, 'summariesOf'>;
}

/**
 * The customs status of T1 shipments: set `pending` when the guide is bought, then moved by
 * the sandbox's customs (presented two hours later, released — or held, for a reference with
 * RETENIDO — four hours after that) or by staff recording what the courier reported, only
 * along `T1_CUSTOMS_TRANSITIONS`. Each move is an event of the shipment and a notice.
 */
export class CustomsService {
  constructor(private readonly deps: CustomsDeps) {}

  /**
   * Links a bought guide to its declaration once (a replay or a concurrent request finds it
   * linked) and starts its customs timeline; the sandbox's guides get the sandbox's customs.
   */
  async onPurchased(row: DeclarationRow, shipment: ShipmentDetail): Promise<DeclarationRow> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const linked = await repository.linkShipment(tx, row.organizationId, row.id, {
        id: shipment.id,
        trackingNumber: shipment.tracking_number,
        purchasedAt: new Date(shipment.created_at),
      });
      if (!linked) {
        const current = await repository.findDeclaration(tx, row.organizationId, row.id);
        if (current?.shipmentId !== shipment.id) throw new AppError('T1_QUOTE_ALREADY_BOUGHT');
        return current;
      }
      if (shipment.sandbox) {
        await this.enqueueSandbox(
          tx,
          linked,
          'pending',
          'in_clearance',
          now,
          SANDBOX_CLEARANCE_AFTER,
        );
      }
      return linked;
    });
  }

  async eventsOf(row: DeclarationRow): Promise<T1CustomsEvent[]> {
    const events = await repository.customsEventsOf(this.deps.db, row.organizationId, row.id);
    return events.map((event) => ({
      status: event.status,
      note: event.note,
      actor: event.actor,
      at: event.at.toISOString(),
    }));
  }

  private enqueueSandbox(
    tx: DbOrTx,
    row: DeclarationRow,
    from: T1CustomsStatus,
    to: T1CustomsStatus,
    now: Date,
    after: number,
  ) {
    return this.deps.jobs.enqueue(
      tx,
      CUSTOMS_SANDBOX_JOB,
      { organization_id: row.organizationId, declaration_id: row.id, from, to },
      new Date(now.getTime() + after),
    );
  }

  /**
   * The sandbox's customs: moves the shipment unless staff moved it elsewhere meanwhile; once
   * presented, its result follows (held for a reference with RETENIDO, else released).
   */
  sandboxJob = async (tx: DbOrTx, payload: SandboxPayload, job: { now: Date }) => {
    const row = await repository.findDeclaration(
      tx,
      payload.organization_id,
      payload.declaration_id,
    );
    if (row?.customsStatus !== payload.from) return;
    await this.move(tx, row, payload.to, { note: null, actor: 'system', staffUserId: null });
    if (payload.to === 'in_clearance') {
      const held = row.reference?.toUpperCase().includes(SANDBOX_HELD_REFERENCE);
      const result = held ? 'held' : 'released';
      await this.enqueueSandbox(tx, row, 'in_clearance', result, job.now, SANDBOX_RESULT_AFTER);
    }
  };

  readonly sandboxJobOptions = { payload: sandboxPayload };

  private async move(
    tx: DbOrTx,
    row: DeclarationRow,
    to: T1CustomsStatus,
    event: { note: string | null; actor: 'system' | 'staff'; staffUserId: string | null },
  ) {
    const moved = await repository.moveCustoms(tx, row, to, {
      ...event,
      at: this.deps.clock.now(),
    });
    if (!moved) return undefined;
    await this.deps.notifications.notify(
      row.organizationId,
      {
        kind: to === 'released' ? 'NOTIFICATION' : 'WARNING',
        content: {
          code: 't1_customs_status',
          params: { tracking_number: row.trackingNumber ?? '', status: to },
        },
        link: `/app/detalles-envio/T1/${row.shipmentId}`,
      },
      tx,
    );
    return moved;
  }

  // ——— Staff ———

  async staffList(
    query: T1ShipmentsQuery,
    language: Language,
  ): Promise<{ data: StaffT1ShipmentSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.findPage(this.deps.db, null, query);
    return {
      data: await this.staffSummaries(rows, language),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  private async staffSummaries(rows: DeclarationRow[], language: Language) {
    const organizations = [...new Set(rows.map((row) => row.organizationId))];
    const [names, ...guides] = await Promise.all([
      this.deps.accounts.organizationNames(organizations),
      ...organizations.map((organizationId) =>
        this.deps.shipments.summariesOf(
          organizationId,
          rows.filter((row) => row.organizationId === organizationId).map((row) => row.shipmentId!),
          language,
        ),
      ),
    ]);
    return rows.flatMap((row) => {
      const guide = guides[organizations.indexOf(row.organizationId)]!.get(row.shipmentId!);
      if (!guide) return [];
      return [
        {
          ...t1Summary(row, guide),
          organization: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
        },
      ];
    });
  }

  /** Staff record a customs move (T1_CUSTOMS_TRANSITION_REFUSED outside the table). */
  async setStatus(
    staffUserId: string,
    shipmentId: string,
    input: CustomsStatusInput,
    language: Language,
  ): Promise<StaffT1ShipmentSummary> {
    const moved = await this.deps.db.transaction(async (tx) => {
      const row = await repository.findByShipment(tx, null, shipmentId, { lock: true });
      if (!row) throw notFound();
      if (!canMoveCustoms(row.customsStatus, input.status)) {
        throw new AppError('T1_CUSTOMS_TRANSITION_REFUSED', {
          from: row.customsStatus,
          to: input.status,
        });
      }
      return (await this.move(tx, row, input.status, {
        note: input.note ?? null,
        actor: 'staff',
        staffUserId,
      }))!;
    });
    const [summary] = await this.staffSummaries([moved], language);
    return summary!;
  }
}
