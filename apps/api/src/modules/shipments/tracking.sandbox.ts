import {
  addBusinessDays,
  mexicoDate,
  mexicoTime,
  nextPickupSlot,
  type CarrierKey,
  type CarrierStatus,
  type TrackingCode,
} from '@despacho/domain';
import { createHash } from 'node:crypto';

/**
 * The timeline a sandbox carrier plays for each guide it issued (decision 017): picked up in
 * the first pickup window the carrier offers, in transit that evening, at the destination hub,
 * out for delivery and delivered on the business day the service's transit days lead to. About
 * 15% of guides — chosen by a hash of the tracking number, so the same guide always behaves the
 * same — meet a weather delay on the day they were due and arrive one business day later.
 */

const MINUTE = 60_000;

/** The share of sandbox guides, in percent, that are delayed. */
export const SANDBOX_DELAY_PERCENT = 15;

function hashOf(trackingNumber: string): number {
  return createHash('sha256').update(trackingNumber).digest().readUInt32BE(0);
}

/** Whether the sandbox delays this guide (the same answer every time). */
export function isSandboxDelayed(trackingNumber: string): boolean {
  return hashOf(trackingNumber) % 100 < SANDBOX_DELAY_PERCENT;
}

/**
 * The instant a Mexico City wall-clock time falls on. Found by asking Intl what the wall clock
 * shows and correcting, never with a fixed offset (the zone's rules changed in 2022).
 */
export function mexicoInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall;
  for (let i = 0; i < 3; i += 1) {
    const instant = new Date(guess);
    const shown = Date.parse(`${mexicoDate(instant)}T${mexicoTime(instant)}:00Z`);
    if (shown === wall) break;
    guess += wall - shown;
  }
  return new Date(guess);
}

export interface SandboxGuide {
  carrierKey: CarrierKey;
  trackingNumber: string;
  /** Business days from pickup to delivery (0: the same day). */
  transitDays: number;
  originCity: string;
  destinationCity: string;
}

export interface SandboxEvent {
  /** The carrier's event id: unique within the guide. */
  id: string;
  status: CarrierStatus;
  code: TrackingCode;
  location: string | null;
  occurredAt: Date;
}

/**
 * The events of a guide bought at `purchasedAt`, in order. `timeScale` divides every delay from
 * the purchase (1 is real time), so demos can watch a guide travel in minutes.
 */
export function sandboxTimeline(
  guide: SandboxGuide,
  purchasedAt: Date,
  timeScale = 1,
): SandboxEvent[] {
  const hash = hashOf(guide.trackingNumber);
  const delayed = isSandboxDelayed(guide.trackingNumber);
  const slot = nextPickupSlot(guide.carrierKey, purchasedAt) ?? {
    date: addBusinessDays(mexicoDate(purchasedAt), 1),
    start: '10:00',
    end: '14:00',
  };
  const at = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
  const pickedUp = at(mexicoInstant(slot.date, slot.start), 20 + (hash % 30));
  const origin = guide.originCity;
  const destination = guide.destinationCity;
  const events: Omit<SandboxEvent, 'id' | 'status'>[] = [
    { code: 'picked_up', location: origin, occurredAt: pickedUp },
  ];
  if (guide.transitDays <= 0) {
    // Same-day service: the whole trip within hours of the pickup.
    events.push(
      { code: 'in_transit', location: origin, occurredAt: at(pickedUp, 45) },
      { code: 'arrived_at_hub', location: destination, occurredAt: at(pickedUp, 90) },
    );
    if (delayed) {
      const nextDay = addBusinessDays(slot.date, 1);
      events.push(
        { code: 'delayed_weather', location: destination, occurredAt: at(pickedUp, 120) },
        {
          code: 'out_for_delivery',
          location: destination,
          occurredAt: mexicoInstant(nextDay, '09:00'),
        },
        {
          code: 'delivered',
          location: destination,
          occurredAt: at(mexicoInstant(nextDay, '11:00'), hash % 300),
        },
      );
    } else {
      events.push(
        { code: 'out_for_delivery', location: destination, occurredAt: at(pickedUp, 120) },
        { code: 'delivered', location: destination, occurredAt: at(pickedUp, 180 + (hash % 60)) },
      );
    }
  } else {
    const departure = mexicoInstant(slot.date, '20:00');
    events.push({
      code: 'in_transit',
      location: origin,
      occurredAt: departure > at(pickedUp, 60) ? departure : at(pickedUp, 60),
    });
    const due = addBusinessDays(slot.date, guide.transitDays);
    if (delayed) {
      events.push({
        code: 'delayed_weather',
        location: null,
        occurredAt: mexicoInstant(due, '07:30'),
      });
    }
    const day = delayed ? addBusinessDays(due, 1) : due;
    events.push(
      { code: 'arrived_at_hub', location: destination, occurredAt: mexicoInstant(day, '06:00') },
      { code: 'out_for_delivery', location: destination, occurredAt: mexicoInstant(day, '09:00') },
      {
        code: 'delivered',
        location: destination,
        occurredAt: at(mexicoInstant(day, '11:00'), hash % 360),
      },
    );
  }
  const scale = (instant: Date) =>
    new Date(purchasedAt.getTime() + (instant.getTime() - purchasedAt.getTime()) / timeScale);
  return events.map((event) => ({
    ...event,
    id: `sandbox-${event.code}`,
    status: event.code === 'delivered' ? 'DELIVERED' : 'IN_TRANSIT',
    occurredAt: scale(event.occurredAt),
  }));
}
