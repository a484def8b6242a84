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
