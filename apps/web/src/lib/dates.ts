import {
  DEFAULT_TIME_ZONE,
  parseLanguage,
  type Language,
  type OrganizationTimeZone,
} from '@despacho/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './useSession';

/**
 * Every date on every screen: day first and a 24-hour clock in both languages (Mexico's
 * convention), in the organization's time zone whatever the browser's. The language names the
 * weekdays and the zone.
 */
const LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-GB' };

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A timestamp (ISO text or Date) as the API and the browser give them. */
type Instant = string | Date;

export interface DateFormat {
  /** An instant's day: `28/02/2026`; `—` for none (not reviewed yet…). */
  date: (instant: Instant | null) => string;
  /** An instant's day and time: `28/02/2026, 23:30` (`23:30:05` with seconds); `—` for none. */
  dateTime: (instant: Instant | null, options?: { seconds?: boolean }) => string;
  /** An instant's time: `23:30`. */
  time: (instant: Instant) => string;
  /** Where the time matters (a validity, a cut-off): `28/02/2026, 23:30 (hora de Tijuana)`. */
  dateTimeWithZone: (instant: Instant) => string;
  /** `23:30 (hora de Tijuana)`. */
  timeWithZone: (instant: Instant) => string;
  /** `text (hora de Tijuana)`: the organization's zone, or another (carriers' schedules). */
  withZone: (text: string, zone?: OrganizationTimeZone) => string;
  /** A calendar day `YYYY-MM-DD` (already a day of the organization) as `28/02/2026`. */
  day: (day: string) => string;
  /** The weekday of a calendar day: `sábado`, `Saturday`. */
  weekday: (day: string) => string;
  /** Today in the organization's zone, as `YYYY-MM-DD`. */
  today: () => string;
}

const formatterOf = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone, ...options });

/** A calendar day as the UTC midnight that starts it, to format it without moving it. */
function utcDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : null;
}

export function dateFormat(
  timeZone: OrganizationTimeZone,
  language: Language,
  /** `text` followed by the zone's name, in the screen's language. */
  withZoneName: (text: string, zone: OrganizationTimeZone) => string,
): DateFormat {
  const locale = LOCALES[language];
  const date = formatterOf(locale, timeZone, DAY);
  const dateTime = formatterOf(locale, timeZone, { ...DAY, ...TIME });
  const dateTimeSeconds = formatterOf(locale, timeZone, { ...DAY, ...TIME, second: '2-digit' });
  const time = formatterOf(locale, timeZone, TIME);
  const calendarDay = formatterOf(locale, 'UTC', DAY);
  const weekday = formatterOf(locale, 'UTC', { weekday: 'long' });
  const isoDay = formatterOf('en-CA', timeZone, DAY);
  const at = (instant: Instant) => new Date(instant);
  const orNone = (instant: Instant | null, format: Intl.DateTimeFormat) =>
    instant === null ? '—' : format.format(at(instant));
  const withZone = (text: string, zone = timeZone) => withZoneName(text, zone);
  return {
    date: (instant) => orNone(instant, date),
    dateTime: (instant, options) => orNone(instant, options?.seconds ? dateTimeSeconds : dateTime),
    time: (instant) => time.format(at(instant)),
    dateTimeWithZone: (instant) => withZone(dateTime.format(at(instant))),
    timeWithZone: (instant) => withZone(time.format(at(instant))),
    withZone,
    day: (day) => {
      const start = utcDay(day);
      return start ? calendarDay.format(start) : day;
    },
    weekday: (day) => {
      const start = utcDay(day);
      return start ? weekday.format(start) : '';
    },
    today: () => isoDay.format(new Date()),
  };
}

/** The signed-in organization's zone; Mexico City for staff and signed-out screens. */
function useTimeZone(): OrganizationTimeZone {
  return useSession()?.organization?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** The date format of this screen: the organization's zone, the screen's language. */
export function useDateFormat(): DateFormat {
  const { t, i18n } = useTranslation('common');
  const timeZone = useTimeZone();
  const language = parseLanguage(i18n.language);
  return useMemo(
    () =>
      dateFormat(timeZone, language, (text, zone) =>
        t('dates.withZone', { text, zone: t(`timeZones.${zone}`) }),
      ),
    [t, timeZone, language],
  );
}
