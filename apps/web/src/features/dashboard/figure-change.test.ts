import { describe, expect, it } from 'vitest';
import { changeWords, figureChange } from './figure-change';

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

  it('words a change under half a percent as less than 1 %, never as 0 %', () => {
    expect(changeWords(figureChange(7778, 7800))).toEqual({ key: 'downSlightly' });
    expect(changeWords(figureChange(1001, 1000))).toEqual({ key: 'upSlightly' });
    expect(changeWords(figureChange(97, 100))).toEqual({ key: 'down', percent: 3 });
    expect(changeWords(figureChange(5, 5))).toEqual({ key: 'flat' });
  });
});
