import { z } from '../validation';

/**
 * The dashboard's periods (issue 23), in Mexico City calendar days ending today: `month` is this
 * month so far. Each is compared with the period just before it of the same days: the day
 * before, the 7 or 30 days before, the previous month's same days (its last day when shorter).
 */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', 'month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d';
export const DASHBOARD_TIME_ZONE = 'America/Mexico_City';

export const dashboardPeriodQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: 'one_of' }).default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardPeriodQuery = z.infer<typeof dashboardPeriodQuerySchema>;

/** Inclusive calendar days `YYYY-MM-DD`, as the lists' `from`/`to` filters take them. */
export const dayRangeSchema = z.object({ from: z.string(), to: z.string() });
export type DayRange = z.infer<typeof dayRangeSchema>;

export const periodRangesSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  current: dayRangeSchema,
  previous: dayRangeSchema,
});
export type PeriodRanges = z.infer<typeof periodRangesSchema>;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DASHBOARD_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Mexico City calendar day of an instant. */
export const mexicoCityDay = (instant: Date): string => dayFormat.format(instant);

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
};

/** Every day of a range, in order (the charts' x axis: days without activity are zeros). */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The days of `period` ending `today`, and of the period it is compared with. */
export function periodRanges(period: DashboardPeriod, today: string): PeriodRanges {
  if (period === 'month') {
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const previousLast = new Date(Date.UTC(year, month - 1, 0));
    const previousFirst = new Date(Date.UTC(year, month - 2, 1));
    const previousTo = Math.min(day, previousLast.getUTCDate());
    return {
      period,
      current: { from: `${today.slice(0, 8)}01`, to: today },
      previous: {
        from: iso(previousFirst),
        to: iso(new Date(Date.UTC(year, month - 2, previousTo))),
      },
    };
  }
  const length = { today: 1, '7d': 7, '30d': 30 }[period];
  const from = addDays(today, 1 - length);
  return {
    period,
    current: { from, to: today },
    previous: { from: addDays(from, -length), to: addDays(from, -1) },
  };
}
