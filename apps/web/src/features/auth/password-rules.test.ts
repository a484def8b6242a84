import { PASSWORD_PATTERN } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from './password-rules';

describe('password rules checklist', () => {
  it.each([
    'Secreta1!',
    'Ñandú9#x',
    'abc',
    'ABCDEF1!',
    'abcdef1!',
    'Abcdefg!',
    'Abcdef12',
    'Üñ1!aa',
  ])('agrees with the domain pattern on %s', (password) => {
    const allMet = PASSWORD_RULES.every(([, test]) => test(password));
    expect(allMet).toBe(PASSWORD_PATTERN.test(password));
  });
});
