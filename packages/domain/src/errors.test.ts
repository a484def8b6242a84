import { describe, expect, it } from 'vitest';
import { ERROR_GROUPS, ERRORS, errorMessage } from './errors';

describe('ERRORS', () => {
  it('has each code in one domain only, and every domain registered', () => {
    const codes = Object.values(ERROR_GROUPS).flatMap((group) => Object.keys(group));
    expect(codes.length).toBe(new Set(codes).size);
    expect(Object.keys(ERRORS).sort()).toEqual([...codes].sort());
  });

  it('gives every code a status and a message in Spanish and English', () => {
    for (const [code, definition] of Object.entries(ERRORS)) {
      expect(definition.status, code).toBeGreaterThanOrEqual(400);
      expect(definition.es.length, code).toBeGreaterThan(0);
      expect(definition.en.length, code).toBeGreaterThan(0);
    }
  });

  it('names a coded param by its label in the language, and leaves a code it has no label for', () => {
    const params = { from: 'IN_REVIEW', to: 'UNCLASSIFIED' };
    expect(errorMessage('CLASSIFICATION_TRANSITION_REFUSED', 'es', params)).toBe(
      'Esta clasificación está «En revisión» y no puede pasar a «Sin clasificar».',
    );
    expect(errorMessage('CLASSIFICATION_TRANSITION_REFUSED', 'en', params)).toBe(
      'This classification is “In review” and cannot move to “Unclassified”.',
    );
    expect(
      errorMessage('CLASSIFICATION_TRANSITION_REFUSED', 'en', { from: 'GONE', to: 'IN_REVIEW' }),
    ).toBe('This classification is “GONE” and cannot move to “In review”.');
  });
});
