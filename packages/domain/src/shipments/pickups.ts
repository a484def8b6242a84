import { CARRIER_KEYS, type CarrierKey } from '../carriers/catalog';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { mexicoDate, mexicoTime, nextBusinessDays } from './business-days';

/**
 * Pickups: when a carrier can collect the parcels. Times are `HH:MM` in Mexico City; days are
 * business days (no weekends, no article 74 rest days).
 */

/** A stretch of a day, `HH:MM` to `HH:MM`, Mexico City time. */
export interface PickupTimeRange {
  start: string;
  end: string;
}

export interface PickupRule {
  /** The last time (inclusive, to the minute) a pickup for the same day can be requested. */
  cutoff: string;
  /** The windows a courier can be booked for, in order. */
  windows: readonly PickupTimeRange[];
  /** How long before a window starts the carrier must be told. */
  noticeMinutes: number;
}

/** The shortest pickup a merchant may ask for, and what must remain of a window already open. */
export const MIN_PICKUP_WINDOW_MINUTES = 60;
/** Pickups are offered in these hours, whatever the carrier. */
export const PICKUP_HOURS = { start: '08:00', end: '20:00' } as const;
/** How many business days ahead pickups are offered, counting today. */
export const PICKUP_HORIZON_BUSINESS_DAYS = 5;

/**
 * The sandbox carriers' rules (the adapters that stand in for the carriers answer with these):
 * typical of the Mexican carriers, not any carrier's contract. 99minutos works urban routes
 * into the evening, so its windows and cut-off are later.
 */
export const PICKUP_RULES: Record<CarrierKey, PickupRule> = {
  estafeta: {
    cutoff: '12:00',
    windows: [
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ],
    noticeMinutes: 90,
  },
  fedex: {
    cutoff: '13:00',
    windows: [
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ],
    noticeMinutes: 120,
  },
  dhl_express: {
    cutoff: '14:00',
    windows: [
      { start: '09:00', end: '14:00' },
      { start: '14:00', end: '18:00' },
    ],
    noticeMinutes: 90,
  },
  paquetexpress: {
    cutoff: '12:00',
    windows: [
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '17:00' },
    ],
    noticeMinutes: 120,
  },
  redpack: {
    cutoff: '12:30',
    windows: [
      { start: '10:00', end: '14:00' },
      { start: '14:00', end: '18:00' },
    ],
    noticeMinutes: 90,
  },
  '99minutos': {
    cutoff: '16:00',
    windows: [
      { start: '11:00', end: '15:00' },
      { start: '15:00', end: '20:00' },
    ],
    noticeMinutes: 60,
  },
};

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const QUARTER_HOUR = 15;

/**
 * Today's windows. A window starting at least the notice after now is offered whole. One that
 * has begun, or begins sooner, is offered shortened, from now plus the notice (rounded up to the
 * quarter hour), as long as at least an hour of it is left; otherwise it is gone.
 */
function windowsLeftToday(rule: PickupRule, nowMinutes: number): PickupTimeRange[] {
  const earliest = nowMinutes + rule.noticeMinutes;
  const shortenedStart = Math.ceil(earliest / QUARTER_HOUR) * QUARTER_HOUR;
  const left: PickupTimeRange[] = [];
  for (const window of rule.windows) {
    if (minutesOf(window.start) >= earliest) {
      left.push({ ...window });
    } else if (shortenedStart + MIN_PICKUP_WINDOW_MINUTES <= minutesOf(window.end)) {
      left.push({ start: timeOf(shortenedStart), end: window.end });
    }
  }
  return left;
}

export interface PickupDay {
  date: string;
  windows: PickupTimeRange[];
}

/**
 * The days and windows a carrier can collect on, from `now`: the first `horizonBusinessDays`
 * business days counting today. Today is offered only up to the cut-off and only with the
 * windows the notice still allows; days with no window left are left out.
 */
export function pickupAvailability(
  carrier: CarrierKey,
  now: Date,
  horizonBusinessDays = PICKUP_HORIZON_BUSINESS_DAYS,
): PickupDay[] {
  const rule = PICKUP_RULES[carrier];
  const today = mexicoDate(now);
  const nowMinutes = minutesOf(mexicoTime(now));
  const days: PickupDay[] = [];
  for (const date of nextBusinessDays(today, horizonBusinessDays, true)) {
    if (date === today) {
      if (nowMinutes > minutesOf(rule.cutoff)) continue;
      const windows = windowsLeftToday(rule, nowMinutes);
      if (windows.length > 0) days.push({ date, windows });
    } else {
      days.push({ date, windows: rule.windows.map((window) => ({ ...window })) });
    }
  }
  return days;
}

export interface PickupSlot extends PickupTimeRange {
  date: string;
}

/**
 * The pickup booked automatically when a shipment is created: the first day of the horizon
 * with a window that holds the preferred range whole (a day without one is skipped), or the
 * first window offered when there is no preference. Null when the horizon has none: the API
 * answers `PICKUP_NO_BUSINESS_DAYS` when `pickupAvailability` is empty, else
 * `PICKUP_NO_SCHEDULES`. Parse `preferred` with `pickupTimeRangeSchema` first.
 */
export function nextPickupSlot(
  carrier: CarrierKey,
  now: Date,
  preferred?: PickupTimeRange,
  horizonBusinessDays = PICKUP_HORIZON_BUSINESS_DAYS,
): PickupSlot | null {
  for (const day of pickupAvailability(carrier, now, horizonBusinessDays)) {
    if (!preferred) return { date: day.date, ...day.windows[0]! };
    const fits = day.windows.some(
      (window) =>
        minutesOf(window.start) <= minutesOf(preferred.start) &&
        minutesOf(preferred.end) <= minutesOf(window.end),
    );
    if (fits) return { date: day.date, start: preferred.start, end: preferred.end };
  }
  return null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = z.string().regex(TIME, { error: 'time' });

// zod runs an object's refinements even when a field failed; a malformed time is reported once.
const bothTimes = (range: PickupTimeRange) => TIME.test(range.start) && TIME.test(range.end);

/** The pickup range a merchant prefers: at least an hour, within the pickup hours. */
export const pickupTimeRangeSchema = z
  .object({ start: timeField, end: timeField })
  .refine((range) => !TIME.test(range.start) || range.start >= PICKUP_HOURS.start, {
    path: ['start'],
    error: 'pickup_hours',
  })
  .refine((range) => !TIME.test(range.end) || range.end <= PICKUP_HOURS.end, {
    path: ['end'],
    error: 'pickup_hours',
  })
  .refine(
    (range) =>
      !bothTimes(range) ||
      minutesOf(range.end) - minutesOf(range.start) >= MIN_PICKUP_WINDOW_MINUTES,
    { path: ['end'], error: 'pickup_range' },
  );

// The pickup screen (`pickup`): availability, the list and requests for guides without one.

/** A pickup's life: requested to the carrier, done (its guides collected) or cancelled. */
export const PICKUP_STATUSES = ['requested', 'collected', 'cancelled'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

/** How many guides one pickup request may gather. */
export const MAX_GUIDES_PER_PICKUP = 50;

/** `GET pickups/availability`: a carrier's days and windows at one of the origin locations. */
export const pickupAvailabilityQuerySchema = z.object({
  carrier: z.enum(CARRIER_KEYS, { error: 'required' }),
  location_id: z.uuid({ error: 'required' }),
});
export type PickupAvailabilityQuery = z.infer<typeof pickupAvailabilityQuerySchema>;

export const pickupDaySchema = z.object({
  date: z.string(),
  windows: z.array(z.object({ start: z.string(), end: z.string() })),
});

/**
 * `POST pickups/:id/reschedule`: the day and time range to collect on; the API checks them
 * against what the carrier offers, as for a new pickup.
 */
export const pickupSlotSchema = pickupTimeRangeSchema.extend({
  date: z.iso.date({ error: 'invalid' }),
});
export type PickupSlotInput = z.input<typeof pickupSlotSchema>;
export type PickupSlotData = z.infer<typeof pickupSlotSchema>;

/**
 * `POST pickups`: guides of one carrier and origin, purchased and not yet collected nor in a
 * pickup, and the day and time range to collect them.
 */
export const pickupCreateSchema = pickupSlotSchema.extend({
  shipment_ids: z
    .array(z.uuid({ error: 'invalid' }))
    .min(1, { error: 'at_least_one' })
    .max(MAX_GUIDES_PER_PICKUP)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalid' }),
});
export type PickupCreateInput = z.input<typeof pickupCreateSchema>;
export type PickupCreateData = z.infer<typeof pickupCreateSchema>;

/** Why a pickup can no longer be cancelled or rescheduled (errors of the same names). */
export type PickupChangeRefusal =
  'PICKUP_ALREADY_CANCELLED' | 'PICKUP_ALREADY_COLLECTED' | 'PICKUP_CHANGE_CUTOFF_PASSED';

/**
 * Whether a pickup may still be cancelled or rescheduled at `now`: only a requested one, up to
 * its carrier's cut-off on its day (the same cut-off as for requesting a same-day pickup: past
 * it, the courier's route is set). Null when it may.
 */
export function pickupChangeRefusal(
  pickup: { status: PickupStatus; date: string; carrier_key: CarrierKey },
  now: Date,
): PickupChangeRefusal | null {
  if (pickup.status === 'cancelled') return 'PICKUP_ALREADY_CANCELLED';
  if (pickup.status === 'collected') return 'PICKUP_ALREADY_COLLECTED';
  const today = mexicoDate(now);
  if (pickup.date > today) return null;
  const past =
    pickup.date < today ||
    minutesOf(mexicoTime(now)) > minutesOf(PICKUP_RULES[pickup.carrier_key].cutoff);
  return past ? 'PICKUP_CHANGE_CUTOFF_PASSED' : null;
}

export const pickupsQuerySchema = paginationQuerySchema;
export type PickupsQuery = z.infer<typeof pickupsQuerySchema>;

/** A pickup as the list shows it: when, by whom, and what its guides weigh. */
export const pickupViewSchema = z.object({
  id: z.string(),
  confirmation_number: z.string(),
  carrier_key: z.enum(CARRIER_KEYS),
  carrier_name: z.string(),
  location_id: z.string(),
  location_alias: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(PICKUP_STATUSES),
  /** Packages of its guides (cancelled guides left out), and their total weight in kg. */
  package_count: z.number().int(),
  weight_kg: z.number(),
  tracking_numbers: z.array(z.string()),
  /** Whether it may still be cancelled or rescheduled (`pickupChangeRefusal`). */
  changeable: z.boolean(),
  rescheduled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});
export type PickupView = z.infer<typeof pickupViewSchema>;
