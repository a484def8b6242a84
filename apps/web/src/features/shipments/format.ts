import { SHIPPING_TIME_ZONE, type ShipmentStatus } from '@despacho/domain';

/**
 * How the shipping screens write dates and figures: Mexican style (dd/mm/yyyy, 24-hour clock) in
 * Mexico City time, whatever the browser's zone, in both languages.
 */
const dateFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: SHIPPING_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: SHIPPING_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const kilograms = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 3 });

/** An instant's Mexico City day: `28/02/2026`. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** An instant's Mexico City day and time: `28/02/2026, 23:30`. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A calendar day `YYYY-MM-DD` (already a Mexico City date) as `dd/mm/yyyy`. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The weekday of a calendar day in the user's language: `lunes`, `Monday`. */
export function weekdayOf(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

export const formatKg = (kg: number) => `${kilograms.format(kg)} kg`;

export const formatDimensions = (pkg: { length_cm: number; width_cm: number; height_cm: number }) =>
  `${kilograms.format(pkg.length_cm)} × ${kilograms.format(pkg.width_cm)} × ${kilograms.format(pkg.height_cm)} cm`;

export const STATUS_COLORS: Record<ShipmentStatus, string> = {
  created: 'blue',
  collected: 'cyan',
  delivered: 'teal',
  delayed: 'orange',
  cancelled: 'gray',
};
