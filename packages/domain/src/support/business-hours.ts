import { isBusinessDay, mexicoDate } from '../shipments/business-days';

/**
 * The helpdesk's business hours, the one place they are defined: Monday to Friday (rest days of
 * article 74 excluded, as for pickups), 9:00 to 18:00 in Mexico City. Response and resolution
 * times are counted in these hours only.
 */
export const BUSINESS_HOURS = { timeZone: 'America/Mexico_City', opens: 9, closes: 18 } as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_HOURS.timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far the zone's wall clock is ahead of UTC at `time` (negative in Mexico). */
function offsetAt(time: number): number {
  const parts = Object.fromEntries(
    wallClock.formatToParts(new Date(time)).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(time / 1000) * 1000;
}

/** The instant a day's wall-clock hour falls on in the zone (Intl knows its offsets). */
function instantOf(day: string, hour: number): number {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!, hour);
  return wall - offsetAt(wall - offsetAt(wall));
}

/** Business milliseconds between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(from: Date, to: Date): number {
  if (to.getTime() <= from.getTime()) return 0;
  let total = 0;
  const lastDay = mexicoDate(to);
  // Days are walked at local noon, which no offset change can move to another day.
  for (
    let day = mexicoDate(from), noon = instantOf(day, 12);
    day <= lastDay;
    noon += DAY_MS, day = mexicoDate(new Date(noon))
  ) {
    if (!isBusinessDay(day)) continue;
    const start = Math.max(from.getTime(), instantOf(day, BUSINESS_HOURS.opens));
    const end = Math.min(to.getTime(), instantOf(day, BUSINESS_HOURS.closes));
    if (end > start) total += end - start;
  }
  return total;
}

export const businessHours = (hours: number) => hours * HOUR_MS;
