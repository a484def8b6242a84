/** How a figure moved from the period compared: its direction and percentage, if one exists. */
export type FigureChange =
  { direction: 'up' | 'down'; percent: number } | { direction: 'flat' } | { direction: 'new' };

export function figureChange(current: number, previous: number): FigureChange {
  if (current === previous) return { direction: 'flat' };
  // From nothing no percentage means anything.
  if (previous === 0) return { direction: 'new' };
  const percent = Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100);
  return { direction: current > previous ? 'up' : 'down', percent };
}

/** The words of a change: their key under `change.` and the percentage they say, if any. */
export function changeWords(change: FigureChange): { key: string; percent?: number } {
  if (!('percent' in change)) return { key: change.direction };
  // It moved, but by less than half a percent: not "down 0 %".
  if (change.percent === 0) return { key: `${change.direction}Slightly` };
  return { key: change.direction, percent: change.percent };
}
