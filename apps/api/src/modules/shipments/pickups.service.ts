import {
  carrierByKey,
  isBusinessDay,
  mexicoDate,
  mexicoTime,
  pickupChangeRefusal,
  PICKUP_HORIZON_BUSINESS_DAYS,
  PICKUP_RULES,
  type CarrierKey,
  type PageMeta,
  type PickupAvailabilityQuery,
  type PickupCreateData,
  type PickupDay,
  type PickupSlotData,
  type PickupsQuery,
  type PickupTimeRange,
  type PickupView,
} from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { JobHandler, Jobs } from '../../platform/jobs';
import type { LocationsService } from '../addresses';
import {
  askCarrier,
  CarrierError,
  type CarrierAdapter,
  type CarrierAdapters,
  type PickupDayOffer,
} from '../carriers';
import { labelParty } from './label-party';
import * as repository from './pickups.repository';
import type { GuideForPickup, PickupRow } from './pickups.repository';

/** A pickup left without guides is called off with its carrier, after the change commits. */
export const CANCEL_PICKUP_JOB = 'shipments.cancel_pickup';
const cancelPickupPayloadSchema = z.object({ pickup_id: z.uuid() });
type CancelPickupPayload = z.infer<typeof cancelPickupPayloadSchema>;

export interface PickupsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: Jobs;
  /** The app's carrier adapters (the composition root's). */
  adapters: CarrierAdapters;
  locations: LocationsService;
}

/** The pickup a guide was put in. */
export interface ScheduledPickup {
  id: string;
  confirmationNumber: string;
  date: string;
  start: string;
  end: string;
  /** True when the guide joined a pickup already requested for that day. */
  joined: boolean;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const holds = (window: PickupTimeRange, range: PickupTimeRange) =>
  minutesOf(window.start) <= minutesOf(range.start) &&
  minutesOf(range.end) <= minutesOf(window.end);

/**
 * The automatic pickup's slot among the days the carrier offers, as `nextPickupSlot` chooses
 * among the domain's: the first day with a window holding the preferred range whole, or with no
 * preference the first window offered; null when none.
 */
export function chooseSlot(
  days: PickupDayOffer[],
  preferred: PickupTimeRange | null,
): (PickupTimeRange & { date: string }) | null {
  for (const day of days) {
    if (!preferred) {
      const [first] = day.windows;
      if (first) return { date: day.date, ...first };
      continue;
    }
    if (day.windows.some((window) => holds(window, preferred))) {
      return { date: day.date, start: preferred.start, end: preferred.end };
    }
  }
  return null;
}

/** A guide the carrier can still be asked to collect. */
/** A guide from a platform warehouse (no location of the merchant's) is collected by the warehouse. */
function waitsForPickup(guide: GuideForPickup): guide is GuideForPickup & { locationId: string } {
  return (
    guide.locationId !== null &&
    guide.purchaseState === 'purchased' &&
    guide.status === 'created' &&
    guide.trackingNumber !== null &&
    guide.pickupId === null &&
    guide.cancellationRequestedAt === null
  );
}

const changeRefusalOf = (pickup: PickupRow, now: Date) =>
  pickupChangeRefusal(
    { status: pickup.status, date: pickup.date, carrier_key: pickup.carrierKey },
    now,
  );

function pickupView(
  row: repository.PickupListRow,
  aliases: Map<string, string>,
  now: Date,
): PickupView {
  const { pickup } = row;
  return {
    id: pickup.id,
    confirmation_number: pickup.confirmationNumber,
    carrier_key: pickup.carrierKey,
    carrier_name: carrierByKey(pickup.carrierKey)?.name ?? pickup.carrierKey,
    location_id: pickup.locationId,
    location_alias: aliases.get(pickup.locationId) ?? '',
    date: pickup.date,
    start: pickup.startTime,
    end: pickup.endTime,
    status: pickup.status,
    package_count: row.packageCount,
    weight_kg: Number(row.weightKg.toFixed(3)),
    tracking_numbers: row.trackingNumbers,
    changeable: changeRefusalOf(pickup, now) === null,
    rescheduled_at: pickup.rescheduledAt?.toISOString() ?? null,
    cancelled_at: pickup.cancelledAt?.toISOString() ?? null,
    created_at: pickup.createdAt.toISOString(),
  };
}

/**
 * Pickups (decision 017): when a carrier collects guides at an origin. Each new guide gets one
 * automatically (`scheduleForShipment`), joining the carrier's pickup already requested at that
 * location for that day when there is one, since the courier collects everything at once; the
 * pickup screen requests one for guides left without (`create`), and cancels or moves a
 * requested one until its day's cut-off (`cancel`, `reschedule`). The carrier is asked outside
 * any transaction; the pickup and its guides are written afterwards in one. A guide being
 * cancelled leaves its pickup (`removeGuide`); one left empty is cancelled, and its carrier told
 * by a job.
 */
export class PickupsService {
  private readonly adapters: Record<CarrierKey, CarrierAdapter>;
  private readonly locations: LocationsService;

  constructor(private readonly deps: PickupsDeps) {
    this.adapters = deps.adapters;
    this.locations = deps.locations;
  }

  /** The days and windows a carrier offers at a location; none is PICKUP_NO_BUSINESS_DAYS. */
  async availability(organizationId: string, query: PickupAvailabilityQuery): Promise<PickupDay[]> {
    const location = await this.locations.get(organizationId, query.location_id);
    const days = await this.offer(organizationId, query.carrier, location.zip);
    if (days.length === 0) throw new AppError('PICKUP_NO_BUSINESS_DAYS');
    return days;
  }

  async list(
    organizationId: string,
    query: PickupsQuery,
  ): Promise<{ data: PickupView[]; meta: PageMeta }> {
    const { rows, total } = await repository.listPickups(this.deps.db, organizationId, query);
    const aliases = await this.aliasesOf(organizationId, rows);
    return {
      data: rows.map((row) => pickupView(row, aliases, this.deps.clock.now())),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * A pickup requested from the pickup screen for guides of one carrier and origin that wait
   * for one, on a day and range the carrier offers (not a weekend or holiday, not past today's
   * cut-off).
   */
  async create(
    organizationId: string,
    userId: string,
    input: PickupCreateData,
  ): Promise<PickupView> {
    const guides = await repository.guidesOf(this.deps.db, organizationId, input.shipment_ids);
    if (guides.length !== input.shipment_ids.length) throw notFound();
    const [first] = guides as [GuideForPickup, ...GuideForPickup[]];
    if (
      guides.some(
        (guide) =>
          guide.carrierKey !== first.carrierKey ||
          guide.locationId !== first.locationId ||
          guide.origin.zip !== first.origin.zip,
      )
    ) {
      throw new AppError('PICKUP_SHIPMENTS_MIXED');
    }
    const refused = guides.filter((guide) => !waitsForPickup(guide));
    if (refused.length > 0 || !waitsForPickup(first)) throw this.notEligible(refused);

    await this.checkSlot(organizationId, first.carrierKey, first.origin.zip, input);
    const id = randomUUID();
    const trackingNumbers = guides.map((guide) => guide.trackingNumber!);
    const { confirmationNumber } = await askCarrier('PICKUP_REJECTED', () =>
      this.adapters[first.carrierKey].schedulePickup({
        organizationId,
        originZip: first.origin.zip,
        address: labelParty(first.origin),
        date: input.date,
        start: input.start,
        end: input.end,
        trackingNumbers,
        requestId: id,
      }),
    );

    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const pickup = await repository.insertPickup(tx, {
        id,
        organizationId,
        createdBy: userId,
        carrierKey: first.carrierKey,
        locationId: first.locationId,
        confirmationNumber,
        date: input.date,
        startTime: input.start,
        endTime: input.end,
        createdAt: now,
      });
      const attached = await repository.attachGuides(
        tx,
        organizationId,
        input.shipment_ids,
        pickup,
        now,
      );
      // Another request (or the automatic pickup) got some of them meanwhile: nothing is kept.
      if (attached !== input.shipment_ids.length) {
        const current = await repository.guidesOf(tx, organizationId, input.shipment_ids);
        throw this.notEligible(current.filter((guide) => guide.pickupId !== id));
      }
    });
    return this.get(organizationId, id);
  }

  /**
   * The automatic pickup of a guide just bought: the carrier's next slot (within `preferred`
   * when given). Null — and the guide waits in "pickup pending" — when the guide no longer waits
   * for one, the carrier offers no slot, or refuses; those never throw. `known` is the guide as
   * the caller just committed it (a purchase), so it is not read again; the writes below still
   * attach it only if it waits for a pickup.
   */
  async scheduleForShipment(
    organizationId: string,
    userId: string,
    shipmentId: string,
    preferred: PickupTimeRange | null,
    known?: GuideForPickup,
  ): Promise<ScheduledPickup | null> {
    const guide =
      known ?? (await repository.guidesOf(this.deps.db, organizationId, [shipmentId]))[0];
    if (!guide || !waitsForPickup(guide)) return null;
    const slot = chooseSlot(
      await this.offer(organizationId, guide.carrierKey, guide.origin.zip),
      preferred,
    );
    if (!slot) return null;

    // The courier collects everything at once: a pickup already requested there that day is
    // joined, in one statement.
    const joined = await repository.joinRequestedPickup(
      this.deps.db,
      organizationId,
      guide.carrierKey,
      guide.locationId,
      slot.date,
      shipmentId,
      this.deps.clock.now(),
    );
    if (joined) {
      if (!joined.attached) return null;
      const { pickup } = joined;
      return {
        id: pickup.id,
        confirmationNumber: pickup.confirmationNumber,
        date: pickup.date,
        start: pickup.startTime,
        end: pickup.endTime,
        joined: true,
      };
    }

    const id = randomUUID();
    let confirmationNumber: string;
    try {
      ({ confirmationNumber } = await this.adapters[guide.carrierKey].schedulePickup({
        organizationId,
        originZip: guide.origin.zip,
        address: labelParty(guide.origin),
        date: slot.date,
        start: slot.start,
        end: slot.end,
        trackingNumbers: [guide.trackingNumber!],
        requestId: id,
      }));
    } catch (error) {
      if (error instanceof CarrierError) return null;
      throw error;
    }
    return this.deps.db
      .transaction(async (tx) => {
        const now = this.deps.clock.now();
        const pickup = await repository.insertPickup(tx, {
          id,
          organizationId,
          createdBy: userId,
          carrierKey: guide.carrierKey,
          locationId: guide.locationId,
          confirmationNumber,
          date: slot.date,
          startTime: slot.start,
          endTime: slot.end,
          createdAt: now,
        });
        const attached = await repository.attachGuides(
          tx,
          organizationId,
          [shipmentId],
          pickup,
          now,
        );
        // The guide got a pickup (or its cancellation) meanwhile: keep no empty pickup.
        if (attached === 0) throw new GuideTaken();
        return {
          id,
          confirmationNumber,
          date: slot.date,
          start: slot.start,
          end: slot.end,
          joined: false,
        };
      })
      .catch((error: unknown) => {
        if (error instanceof GuideTaken) return null;
        throw error;
      });
  }

  /** Calls off a requested pickup; its guides wait for one again. */
  async cancel(organizationId: string, id: string): Promise<PickupView> {
    const pickup = await this.changeable(organizationId, id);
    const now = this.deps.clock.now();
    const originZip = await this.originZipOf(pickup);
    await askCarrier('PICKUP_CANCEL_REJECTED', () =>
      this.adapters[pickup.carrierKey].cancelPickup({
        organizationId,
        confirmationNumber: pickup.confirmationNumber,
        originZip,
        date: pickup.date,
        requestedAt: now,
      }),
    );
    await this.deps.db.transaction(async (tx) => {
      await this.lockChangeable(tx, id, now);
      await repository.updatePickup(tx, id, { status: 'cancelled', cancelledAt: now });
      await repository.detachGuides(tx, { pickupId: id }, now);
    });
    return this.get(organizationId, id);
  }

  /** Moves a requested pickup to a day and range the carrier offers; its guides follow. */
  async reschedule(organizationId: string, id: string, slot: PickupSlotData): Promise<PickupView> {
    const pickup = await this.changeable(organizationId, id);
    const originZip = await this.originZipOf(pickup);
    await this.checkSlot(organizationId, pickup.carrierKey, originZip, slot);
    const { confirmationNumber } = await askCarrier('PICKUP_REJECTED', () =>
      this.adapters[pickup.carrierKey].reschedulePickup({
        organizationId,
        confirmationNumber: pickup.confirmationNumber,
        originZip,
        date: slot.date,
        start: slot.start,
        end: slot.end,
        requestId: id,
      }),
    );
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.lockChangeable(tx, id, now);
      await repository.updatePickup(tx, id, {
        confirmationNumber,
        date: slot.date,
        startTime: slot.start,
        endTime: slot.end,
        rescheduledAt: now,
      });
      await repository.moveGuides(tx, { id, startTime: slot.start, endTime: slot.end }, now);
    });
    return this.get(organizationId, id);
  }

  /**
   * Takes a guide whose cancellation was just requested out of its pickup, in the caller's
   * transaction, which holds the guide's lock. A requested pickup left without guides is
   * cancelled, and its carrier told by `CANCEL_PICKUP_JOB` unless its day is already over.
   */
  async removeGuide(tx: DbOrTx, pickupId: string, shipmentId: string, now: Date): Promise<void> {
    const pickup = await repository.lockPickup(tx, pickupId);
    await repository.detachGuides(tx, { shipmentId }, now);
    if (pickup?.status !== 'requested' || (await repository.hasGuides(tx, pickupId))) return;
    await repository.updatePickup(tx, pickupId, { status: 'cancelled', cancelledAt: now });
    if (pickup.date >= mexicoDate(now)) {
      const payload: CancelPickupPayload = { pickup_id: pickupId };
      await this.deps.jobs.enqueue(tx, CANCEL_PICKUP_JOB, payload, now);
    }
  }

  /**
   * `shipments.cancel_pickup`: tells the carrier, with no transaction open and no row locked
   * (registered with `transaction: false`). The pickup is already cancelled on our side and stays
   * so, so a retried run only asks again: a carrier that answers it has nothing left to call off
   * (`not_cancellable`: the pickup is over or already cancelled) is done; another refusal fails
   * the job, for staff to see.
   */
  readonly cancelWithCarrierJob: JobHandler = async (db, raw) => {
    const { pickup_id } = cancelPickupPayloadSchema.parse(raw);
    const pickup = await repository.pickupById(db, pickup_id);
    if (pickup?.status !== 'cancelled') return;
    const originZip = await this.originZipOf(pickup);
    try {
      await this.adapters[pickup.carrierKey].cancelPickup({
        organizationId: pickup.organizationId,
        confirmationNumber: pickup.confirmationNumber,
        originZip,
        date: pickup.date,
        requestedAt: this.deps.clock.now(),
      });
    } catch (error) {
      if (error instanceof CarrierError && error.code === 'not_cancellable') return;
      throw error;
    }
  };

  /** The organization's pickup, if it may still be changed (else its refusal, or 404). */
  private async changeable(organizationId: string, id: string): Promise<PickupRow> {
    const pickup = await repository.findPickup(this.deps.db, organizationId, id);
    if (!pickup) throw notFound();
    this.refuseChange(pickup, this.deps.clock.now());
    return pickup;
  }

  /**
   * Locks the pickup and its guides, while the carrier was asked: one cancelled or collected
   * meanwhile is refused.
   */
  private async lockChangeable(tx: DbOrTx, id: string, now: Date) {
    await repository.lockGuidesOf(tx, id);
    const current = await repository.lockPickup(tx, id);
    if (!current) throw notFound();
    this.refuseChange(current, now);
  }

  private refuseChange(pickup: PickupRow, now: Date) {
    const refusal = changeRefusalOf(pickup, now);
    if (refusal === 'PICKUP_CHANGE_CUTOFF_PASSED') {
      throw new AppError(refusal, { cutoff: PICKUP_RULES[pickup.carrierKey].cutoff });
    }
    if (refusal) throw new AppError(refusal);
  }

  /** Where the courier collects: the pickup's origin location. */
  private async originZipOf(pickup: PickupRow): Promise<string> {
    return (await this.locations.get(pickup.organizationId, pickup.locationId)).zip;
  }

  private async get(organizationId: string, id: string): Promise<PickupView> {
    const { rows } = await repository.listPickups(this.deps.db, organizationId, { id });
    if (!rows[0]) throw notFound();
    return pickupView(rows[0], await this.aliasesOf(organizationId, rows), this.deps.clock.now());
  }

  private aliasesOf(organizationId: string, rows: repository.PickupListRow[]) {
    return this.locations.aliases(
      organizationId,
      rows.map((row) => row.pickup.locationId),
    );
  }

  /** The days a carrier offers at a postal code, days without windows left out. */
  private async offer(
    organizationId: string,
    carrier: CarrierKey,
    originZip: string,
  ): Promise<PickupDayOffer[]> {
    try {
      const days = await this.adapters[carrier].pickupAvailability({
        organizationId,
        originZip,
        now: this.deps.clock.now(),
      });
      return days.filter((day) => day.windows.length > 0);
    } catch (error) {
      // A carrier that cannot answer offers nothing now: "try again later".
      if (error instanceof CarrierError) return [];
      throw error;
    }
  }

  /** Refuses a day or range the carrier does not offer, saying why. */
  private async checkSlot(
    organizationId: string,
    carrier: CarrierKey,
    originZip: string,
    input: PickupSlotData,
  ) {
    const now = this.deps.clock.now();
    const today = mexicoDate(now);
    if (input.date < today) {
      throw new AppError('PICKUP_DATE_OUT_OF_RANGE', { days: PICKUP_HORIZON_BUSINESS_DAYS });
    }
    if (!isBusinessDay(input.date)) throw new AppError('PICKUP_NOT_BUSINESS_DAY');
    const days = await this.offer(organizationId, carrier, originZip);
    if (days.length === 0) throw new AppError('PICKUP_NO_BUSINESS_DAYS');
    const day = days.find((offered) => offered.date === input.date);
    if (!day) {
      const { cutoff } = PICKUP_RULES[carrier];
      if (input.date === today && mexicoTime(now) > cutoff) {
        throw new AppError('PICKUP_CUTOFF_PASSED', { cutoff });
      }
      if (input.date === today) throw new AppError('PICKUP_NO_SCHEDULES');
      throw new AppError('PICKUP_DATE_OUT_OF_RANGE', { days: PICKUP_HORIZON_BUSINESS_DAYS });
    }
    if (!day.windows.some((window) => holds(window, input))) {
      throw new AppError('PICKUP_NO_SCHEDULES');
    }
  }

  private notEligible(guides: GuideForPickup[]) {
    return new AppError('PICKUP_SHIPMENTS_NOT_ELIGIBLE', {
      tracking_numbers: guides.map((guide) => guide.trackingNumber ?? guide.id).join(', '),
    });
  }
}

/** Undoes the automatic pickup's transaction when its guide no longer waits for one. */
class GuideTaken extends Error {}
