import { describe, expect, it } from 'vitest';
import { maskPhone } from './signup.service';

describe('maskPhone', () => {
  it('shows the country code and the last four digits only', () => {
    expect(maskPhone('+52', '5512345678')).toBe('+52 ******5678');
    expect(maskPhone(null, null)).toBeNull();
  });
});
