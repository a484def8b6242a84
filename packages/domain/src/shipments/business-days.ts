import { TRANSACTIONS_TIME_ZONE } from '../wallet/transactions';

/**
 * Business days for pickups, cancellations and refunds. Dates are calendar days `YYYY-MM-DD` in
 * Mexico City, where the merchants and the carriers' schedules are; the same zone as the wallet.
 * Mexico City has had no daylight saving time since October 2022: Intl's time zone data knows
 * both the old rules and the new, so instants are never converted by hand with a fixed offset.
 */
export const SHIPPING_TIME_ZONE = TRANSACTIONS_TIME_ZONE;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days as UTC midnights: adding days never meets an offset change. */
function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(time) || formatDay(time) !== day) {
    throw new RangeError(`Not a calendar day YYYY-MM-DD: ${day}`);
  }
  return time;
}

function formatDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day of the month of the `nth` Monday of a month (month 1–12). */
function nthMonday(year: number, month: number, nth: number): string {
  const weekdayOfFirst = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const firstMonday = 1 + ((8 - weekdayOfFirst) % 7);
  return formatDay(Date.UTC(year, month - 1, firstMonday + 7 * (nth - 1)));
}

const holidaysByYear = new Map<number, { list: readonly string[]; set: ReadonlySet<string> }>();

function holidays(year: number) {
  let cached = holidaysByYear.get(year);
  if (!cached) {
    const pad = (month: number, day: number) =>
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const list = [
      pad(1, 1),
      nthMonday(year, 2, 1),
      nthMonday(year, 3, 3),
      pad(5, 1),
      pad(9, 16),
      ...(year >= 2024 && (year - 2024) % 6 === 0 ? [pad(10, 1)] : []),
      nthMonday(year, 11, 3),
      pad(12, 25),
    ];
    cached = { list, set: new Set(list) };
    holidaysByYear.set(year, cached);
  }
  return cached;
}

/**
 * The mandatory rest days of the Ley Federal del Trabajo, article 74, in date order: 1 January,
 * the first Monday of February (Constitution), the third Monday of March (Benito Juárez),
 * 1 May, 16 September, the third Monday of November (Revolution), 25 December, and 1 October
 * in the years the federal executive takes office (every six years from 2024). Carriers do not
 * collect on them.
 *
 * The rules are today's: older years are not modelled as they were (before 2024 the transfer of
 * power was on 1 December). Election days (fraction IX) are left out: they depend on local
 * electoral calendars and are rest days only where there is a vote.
 */
export function mexicanHolidays(year: number): string[] {
  return [...holidays(year).list];
}

// Formatters are costly to build and are reused; `h23` keeps midnight as 00, never 24.
let mexicoFormatter: Intl.DateTimeFormat | undefined;

function mexicoParts(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  mexicoFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHIPPING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of mexicoFormatter.formatToParts(instant)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
}

/** The calendar day `YYYY-MM-DD` an instant falls on in Mexico City. */
export function mexicoDate(instant: Date): string {
  const { year, month, day } = mexicoParts(instant);
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** The wall-clock time `HH:MM` of an instant in Mexico City. */
export function mexicoTime(instant: Date): string {
  const { hour, minute } = mexicoParts(instant);
  return `${hour}:${minute}`;
}

function isBusinessTime(time: number, day: string): boolean {
  const date = new Date(time);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(date.getUTCFullYear()).set.has(day);
}

/** Monday to Friday and not a rest day of article 74. */
export function isBusinessDay(date: string): boolean {
  return isBusinessTime(parseDay(date), date);
}

/** The next `count` business days from `from`, which counts itself only when `includeFrom`. */
export function nextBusinessDays(from: string, count: number, includeFrom: boolean): string[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`Not a count of days: ${count}`);
  }
  const days: string[] = [];
  let time = parseDay(from) + (includeFrom ? 0 : DAY_MS);
  while (days.length < count) {
    const day = formatDay(time);
    if (isBusinessTime(time, day)) days.push(day);
    time += DAY_MS;
  }
  return days;
}

/** The `n`th business day after `date` (`date` itself when `n` is 0). */
export function addBusinessDays(date: string, n: number): string {
  if (n === 0) {
    parseDay(date);
    return date;
  }
  return nextBusinessDays(date, n, false)[n - 1]!;
}
