import {
  incomingTaken,
  skuKey,
  statusOfCounts,
  type IncidentData,
  type PageMeta,
  type ReceiptData,
  type ReceiptView,
  type ReceivingQuery,
  type ReclassifyData,
  type StaffEntryListItem,
  type StaffEntryView,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { FileStore } from '../../platform/files';
import { processImage } from '../../platform/images';
import type { JobHandler } from '../../platform/jobs';
import { staleUploadsJob } from '../../platform/stale-uploads';
import type { AccountsService } from '../accounts';
import type { SellableBucket, StockLedger, WarehousesService } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { ProductVariantsService } from '../products';
import * as repository from './entries.repository';
import { ENTRY_CAUSE, entryPhoto, readEntryView } from './entry-records';
import { listItem } from './entry-view';
import * as receiving from './receiving.repository';

const PHOTO_PURPOSES = { image: 'entry.photo', thumbnail: 'entry.photo_thumbnail' };
/** Hourly: photos no incident named within a day are deleted with their files. */
export const ENTRY_PHOTOS_JOB = 'entries.remove_stale_photos';
export const ENTRY_PHOTOS_CRON = '41 * * * *';

/** Who acts at the warehouse, and the Idempotency-Key their screen sent. */
export interface StaffCall {
  actorId: string;
  idempotencyKey: string;
}

type Deps = {
  db: Db;
  clock: Clock;
  files: FileStore;
  audit: AuditLog;
  stock: StockLedger;
  warehouses: Pick<WarehousesService, 'list'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
  accounts: Pick<AccountsService, 'organizationNames'>;
  notifications: Pick<NotificationsService, 'notify'>;
  events: DomainEvents;
};

const detailLink = (id: string) => `/app/products/entry-detail/${id}`;

/**
 * The staff receiving console (issue 15): staff count an entry's goods into on hand or not
 * sellable, record incidents and close the entry. Every stock change goes through the ledger in
 * the transaction of the entry's own change, under a key derived from the entry and the staff
 * screen's Idempotency-Key, so a retry counts once; each action locks the entry first, which
 * orders concurrent counts of one entry. The merchant's side is `EntriesService`.
 */
export class ReceivingService {
  /** The hourly job: a batch of day-old photos no incident named, rows and files. */
  readonly removeStalePhotos: JobHandler;

  constructor(private readonly deps: Deps) {
    this.removeStalePhotos = staleUploadsJob({
      files: deps.files,
      purposes: PHOTO_PURPOSES,
      unclaimed: receiving.unclaimedPhotos,
      remove: receiving.deletePhotos,
    });
  }

  async queue(query: ReceivingQuery): Promise<{ data: StaffEntryListItem[]; meta: PageMeta }> {
    const [{ rows, total }, warehouses] = await Promise.all([
      receiving.receivingQueue(this.deps.db, query),
      this.deps.warehouses.list(),
    ]);
    const names = await this.deps.accounts.organizationNames([
      ...new Set(rows.map((row) => row.organizationId)),
    ]);
    return {
      data: rows.map((row) => ({
        ...listItem(row, warehouses),
        organization: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(id: string): Promise<StaffEntryView> {
    const entry = await repository.findEntry(this.deps.db, null, id);
    if (!entry) throw notFound();
    return this.staffView(this.deps.db, entry);
  }

  /**
   * Counts units of one line into on hand (accepted) or not sellable. Incoming goes down by at
   * most what the line still expects; counting past the expected records an "over" incident.
   * The same Idempotency-Key again finds its receipt under the entry's lock and counts nothing.
   */
  async receive(id: string, input: ReceiptData, call: StaffCall): Promise<ReceiptView> {
    return this.staffAction(id, async (tx, entry, lines) => {
      const line = await this.lineFor(tx, entry, lines, input);
      const action = `receive:${input.disposition}`;
      const replay = await this.replayed(tx, id, call.idempotencyKey, line.id, action, input.count);
      if (replay) return true;
      if (entry.status === 'received' || entry.status === 'cancelled') {
        throw new AppError('ENTRY_CLOSED');
      }
      const taken = incomingTaken(line.expected, line.received, input.count);
      const bucket = input.disposition === 'accepted' ? 'on_hand' : 'not_sellable';
      const after = {
        received: line.received + input.count,
        accepted: line.accepted + (bucket === 'on_hand' ? input.count : 0),
        notSellable: line.notSellable + (bucket === 'not_sellable' ? input.count : 0),
      };
      await this.count(tx, entry, line, call, {
        kind: 'receive',
        action,
        quantity: input.count,
        into: bucket,
        fromIncoming: taken,
        after,
        detail: { disposition: input.disposition },
      });
      const over = after.received - line.expected;
      if (over > 0 && line.received <= line.expected) {
        await this.addIncident(tx, entry, call.actorId, {
          line_id: line.id,
          kind: 'over',
          quantity: over,
          note: undefined,
          photo_ids: [],
        });
      }
      const counted = lines.map((each) => (each.id === line.id ? { ...each, ...after } : each));
      await this.settleStatus(tx, entry, statusOfCounts(counted));
      return false;
    });
  }

  /** Not sellable units of a line accepted into on hand, or on hand units of it set apart. */
  async reclassify(id: string, input: ReclassifyData, call: StaffCall): Promise<ReceiptView> {
    return this.staffAction(id, async (tx, entry, lines) => {
      const line = lines.find((each) => each.id === input.line_id);
      if (!line) throw notFound();
      const action = `reclassify:${input.direction}`;
      const replay = await this.replayed(
        tx,
        id,
        call.idempotencyKey,
        line.id,
        action,
        input.quantity,
      );
      if (replay) return true;
      const accept = input.direction === 'accept';
      if ((accept ? line.notSellable : line.accepted) < input.quantity) {
        throw new AppError('ENTRY_NOTHING_TO_ACCEPT');
      }
      const sign = accept ? 1 : -1;
      await this.count(tx, entry, line, call, {
        kind: 'reclassify',
        action,
        quantity: input.quantity,
        into: accept ? 'on_hand' : 'not_sellable',
        after: {
          received: line.received,
          accepted: line.accepted + sign * input.quantity,
          notSellable: line.notSellable - sign * input.quantity,
        },
        detail: { direction: input.direction },
      });
      return false;
    });
  }

  /** A photo for an incident, re-encoded as WebP, stored under the entry's organization. */
  async uploadPhoto(id: string, content: Buffer, actorId: string): Promise<{ id: string }> {
    const entry = await repository.findEntry(this.deps.db, null, id);
    if (!entry) throw notFound();
    const { large, thumbnail } = await processImage(content);
    return this.deps.db.transaction(async (tx) => {
      const stored = (version: Buffer, purpose: string, name: string) =>
        this.deps.files.storeBytes(
          version,
          {
            organizationId: entry.organizationId,
            purpose,
            kind: 'webp',
            name,
            uploadedBy: actorId,
          },
          tx,
        );
      const file = await stored(large.content, PHOTO_PURPOSES.image, 'foto.webp');
      const thumb = await stored(thumbnail.content, PHOTO_PURPOSES.thumbnail, 'miniatura.webp');
      const photo = await receiving.insertPhoto(tx, {
        organizationId: entry.organizationId,
        entryId: id,
        fileId: file.id,
        thumbnailFileId: thumb.id,
        createdAt: this.deps.clock.now(),
      });
      return { id: photo.id };
    });
  }

  async recordIncident(id: string, input: IncidentData, actorId: string): Promise<StaffEntryView> {
    return this.locked(id, async (tx, entry, lines) => {
      if (entry.status === 'cancelled') throw new AppError('ENTRY_CLOSED');
      if (!lines.some((line) => line.id === input.line_id)) throw notFound();
      await this.addIncident(tx, entry, actorId, input);
    });
  }

  async resolveIncident(id: string, incidentId: string, actorId: string): Promise<StaffEntryView> {
    return this.locked(id, async (tx, entry) => {
      const incident = await repository.findIncident(tx, id, incidentId);
      if (!incident) throw notFound();
      if (incident.resolvedAt) return;
      await repository.updateIncident(tx, incidentId, { resolvedAt: this.deps.clock.now() });
      await this.audited(
        tx,
        actorId,
        'entry.resolve_incident',
        entry,
        { incident_id: incidentId, resolved: false },
        { incident_id: incidentId, resolved: true },
      );
    });
  }

  /** What did not arrive stops being incoming; the entry is received (short when anything was missing). */
  async close(id: string, actorId: string): Promise<StaffEntryView> {
    return this.locked(id, async (tx, entry, lines) => {
      if (entry.status === 'received' || entry.status === 'cancelled') {
        throw new AppError('ENTRY_CLOSED');
      }
      const rest = lines
        .map((line) => ({
          line,
          missing: incomingTaken(line.expected, line.received, line.expected),
        }))
        .filter(({ missing }) => missing > 0);
      if (rest.length > 0) {
        await this.deps.stock.announceCancel(
          entry.organizationId,
          {
            cause: { type: ENTRY_CAUSE, id },
            ending: 'close',
            location: entry.warehouseId,
            reason: 'closed_short',
            actorId,
            lines: rest.map(({ line, missing }) => ({
              variant_id: line.variantId,
              quantity: missing,
            })),
          },
          tx,
        );
      }
      await repository.setStatus(
        tx,
        id,
        { status: 'received', closedShort: rest.length > 0 },
        this.deps.clock.now(),
      );
      await this.notifyReceived(tx, entry);
      await this.audited(
        tx,
        actorId,
        'entry.close',
        entry,
        { status: entry.status },
        {
          status: 'received',
          closed_short: rest.length > 0,
        },
      );
    });
  }

  /** A photo of one of the entry's incidents, of any organization. */
  photo(id: string, photoId: string, size: 'large' | 'thumbnail') {
    return entryPhoto(this.deps, null, id, photoId, size);
  }

  // Pieces

  /** The line a receipt names, by id or by a scanned barcode or SKU of its variant. */
  private async lineFor(
    tx: DbOrTx,
    entry: repository.EntryRow,
    lines: readonly repository.LineRow[],
    input: ReceiptData,
  ): Promise<repository.LineRow> {
    if (input.line_id) {
      const line = lines.find((each) => each.id === input.line_id);
      if (!line) throw notFound();
      return line;
    }
    const code = skuKey(input.code!);
    const variants = await this.deps.productVariants.byIds(
      entry.organizationId,
      lines.map((line) => line.variantId),
      tx,
    );
    const variant =
      variants.find((each) => each.barcode !== null && skuKey(each.barcode) === code) ??
      variants.find((each) => each.sku !== null && skuKey(each.sku) === code);
    const line = variant && lines.find((each) => each.variantId === variant.id);
    if (!line) throw new AppError('ENTRY_LINE_NOT_FOUND');
    return line;
  }

  /** True when this key already did exactly this; the key with anything else is refused. */
  private async replayed(
    tx: DbOrTx,
    entryId: string,
    key: string,
    lineId: string,
    action: string,
    quantity: number,
  ): Promise<boolean> {
    const receipt = await receiving.findReceipt(tx, entryId, key);
    if (!receipt) return false;
    if (receipt.lineId !== lineId || receipt.action !== action || receipt.quantity !== quantity) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return true;
  }

  /**
   * One count of a line, a receipt or a reclassification: its stock operation (keyed by the
   * request's Idempotency-Key), the line's new counts, the receipt that a resend finds and the
   * audit entry, all in `tx`.
   */
  private async count(
    tx: DbOrTx,
    entry: repository.EntryRow,
    line: repository.LineRow,
    call: StaffCall,
    step: {
      kind: 'receive' | 'reclassify';
      action: string;
      quantity: number;
      /** Where the units go; a receipt takes `fromIncoming` of what the line still expected. */
      into: SellableBucket;
      fromIncoming?: number;
      after: ReturnType<typeof pick>;
      detail: Record<string, unknown>;
    },
  ): Promise<void> {
    const move = {
      cause: { type: ENTRY_CAUSE, id: entry.id },
      location: entry.warehouseId,
      actorId: call.actorId,
      request: call.idempotencyKey,
    } as const;
    const units = { variant_id: line.variantId, quantity: step.quantity, into: step.into };
    const { operationId } =
      step.kind === 'receive'
        ? await this.deps.stock.receive(
            entry.organizationId,
            { ...move, lines: [{ ...units, from_incoming: step.fromIncoming ?? 0 }] },
            tx,
          )
        : await this.deps.stock.reclassify(entry.organizationId, { ...move, lines: [units] }, tx);
    await receiving.updateLine(tx, line.id, step.after);
    await receiving.insertReceipt(tx, {
      organizationId: entry.organizationId,
      entryId: entry.id,
      lineId: line.id,
      idempotencyKey: call.idempotencyKey,
      action: step.action,
      quantity: step.quantity,
      operationId,
      actorId: call.actorId,
      createdAt: this.deps.clock.now(),
    });
    await this.audited(
      tx,
      call.actorId,
      `entry.${step.kind}`,
      entry,
      { line_id: line.id, ...pick(line) },
      { line_id: line.id, ...step.after, ...step.detail },
    );
  }

  private async addIncident(
    tx: DbOrTx,
    entry: repository.EntryRow,
    actorId: string,
    input: IncidentData,
  ) {
    const incident = await receiving.insertIncident(tx, {
      organizationId: entry.organizationId,
      entryId: entry.id,
      lineId: input.line_id,
      kind: input.kind,
      quantity: input.quantity ?? null,
      note: input.note ?? null,
      createdBy: actorId,
      createdAt: this.deps.clock.now(),
    });
    const photoIds = [...new Set(input.photo_ids)];
    const claimed = await receiving.claimPhotos(tx, entry.id, incident.id, photoIds);
    if (claimed !== photoIds.length) throw new AppError('ENTRY_PHOTO_NOT_FOUND');
    await this.deps.notifications.notify(
      entry.organizationId,
      {
        kind: 'WARNING',
        content: { code: 'entry_incident', params: { number: entry.number } },
        link: detailLink(entry.id),
      },
      tx,
    );
    await this.audited(tx, actorId, 'entry.incident', entry, null, {
      incident_id: incident.id,
      line_id: input.line_id,
      kind: input.kind,
      quantity: input.quantity ?? null,
      photos: photoIds.length,
    });
  }

  private async settleStatus(
    tx: DbOrTx,
    entry: repository.EntryRow,
    status: ReturnType<typeof statusOfCounts>,
  ) {
    if (status === entry.status) return;
    await repository.setStatus(tx, entry.id, { status }, this.deps.clock.now());
    if (status !== 'received') return;
    await this.notifyReceived(tx, entry);
    await this.deps.events.emit(
      tx,
      entry.organizationId,
      'entry.received',
      { entry_id: entry.id, number: entry.number },
      `entry:${entry.id}`,
    );
  }

  private notifyReceived(tx: DbOrTx, entry: repository.EntryRow) {
    return this.deps.notifications.notify(
      entry.organizationId,
      {
        kind: 'NOTIFICATION',
        content: { code: 'entry_received', params: { number: entry.number } },
        link: detailLink(entry.id),
      },
      tx,
    );
  }

  private audited(
    tx: DbOrTx,
    actorId: string,
    action:
      | 'entry.receive'
      | 'entry.reclassify'
      | 'entry.incident'
      | 'entry.resolve_incident'
      | 'entry.close',
    entry: repository.EntryRow,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) {
    return this.deps.audit.record(tx, {
      actorId,
      action,
      subjectType: 'entry',
      subjectId: entry.id,
      organizationId: entry.organizationId,
      before,
      after,
    });
  }

  /** Runs a staff change under the entry's lock and answers the entry as it now is. */
  private async locked(
    id: string,
    change: (
      tx: DbOrTx,
      entry: repository.EntryRow,
      lines: repository.LineRow[],
    ) => Promise<unknown>,
  ): Promise<StaffEntryView> {
    await this.deps.db.transaction(async (tx) => {
      const entry = await repository.findEntry(tx, null, id, true);
      if (!entry) throw notFound();
      await change(tx, entry, await repository.linesOf(tx, id));
    });
    // Read after the commit: the view's other services use their own connections.
    return this.get(id);
  }

  /** As `locked`, for a keyed action: `change` answers whether it was a replay. */
  private async staffAction(
    id: string,
    change: (
      tx: DbOrTx,
      entry: repository.EntryRow,
      lines: repository.LineRow[],
    ) => Promise<boolean>,
  ): Promise<ReceiptView> {
    let replayed = false;
    const entry = await this.locked(id, async (tx, row, lines) => {
      replayed = await change(tx, row, lines);
    });
    return { entry, replayed };
  }

  private async staffView(db: DbOrTx, entry: repository.EntryRow): Promise<StaffEntryView> {
    const names = await this.deps.accounts.organizationNames([entry.organizationId]);
    return {
      ...(await readEntryView(this.deps, db, entry)),
      organization: { id: entry.organizationId, name: names.get(entry.organizationId) ?? '' },
    };
  }
}

const pick = (line: repository.LineRow) => ({
  received: line.received,
  accepted: line.accepted,
  notSellable: line.notSellable,
});
