import { describe, expect, it } from 'vitest';
import { figureChange } from './figure-change';

describe('figureChange', () => {
  it('says the direction and the rounded percentage against the previous period', () => {
    expect(figureChange(112, 100)).toEqual({ direction: 'up', percent: 12 });
    expect(figureChange(97, 100)).toEqual({ direction: 'down', percent: 3 });
    expect(figureChange(5, 5)).toEqual({ direction: 'flat' });
    // Halves round away from zero both ways.
    expect(figureChange(7, 8)).toEqual({ direction: 'down', percent: 13 });
  });

  it('gives no percentage from zero, and measures from a negative amount by its size', () => {
    expect(figureChange(10, 0)).toEqual({ direction: 'new' });
    expect(figureChange(-50, -100)).toEqual({ direction: 'up', percent: 50 });
  });
});
