import { daysOf, type DayRange } from '@despacho/domain';

/** A chart's series: its key in the rows, the words shown for it. */
export type ChartSeries = { name: string; label: string };

const PALETTE = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.7', 'lime.8', 'pink.6'];
export const seriesColor = (index: number) => PALETTE[index % PALETTE.length]!;

/**
 * One row per day of `days` with each series' value that day (zero on days without any), from
 * the API's rows of one day, one series and one value each.
 */
export function perDay<T extends { day: string }>(
  rows: readonly T[],
  days: DayRange,
  seriesOf: (row: T) => ChartSeries,
  valueOf: (row: T) => number,
): { rows: Record<string, string | number>[]; series: ChartSeries[] } {
  const series = new Map<string, ChartSeries>();
  for (const row of rows) {
    const found = seriesOf(row);
    series.set(found.name, found);
  }
  const byDay = new Map(
    daysOf(days).map((day) => [
      day,
      { day, ...Object.fromEntries([...series.keys()].map((name) => [name, 0])) } as Record<
        string,
        string | number
      >,
    ]),
  );
  for (const row of rows) {
    const target = byDay.get(row.day);
    const name = seriesOf(row).name;
    if (target) target[name] = (target[name] as number) + valueOf(row);
  }
  return { rows: [...byDay.values()], series: [...series.values()] };
}
