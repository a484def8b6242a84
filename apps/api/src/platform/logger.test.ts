import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides tokens in query strings and in path segments', () => {
    expect(redactUrl('/api/v1/auth/password?token=abc&x=1')).toBe(
      '/api/v1/auth/password?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/v1/wizard/eyJhbGci.eyJzdWIi.sig')).toBe('/api/v1/wizard/[redacted]');
    expect(redactUrl('/recovery-password/abc-123?utm=mail')).toBe(
      '/recovery-password/[redacted]?utm=mail',
    );
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});
