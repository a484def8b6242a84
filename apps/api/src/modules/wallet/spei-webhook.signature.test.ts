import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  DEV_SPEI_WEBHOOK_SECRET,
  signSpeiWebhook,
  speiWebhookSecret,
  verifySpeiSignature,
} from './spei-webhook.signature';

const SECRET = 'a-secret-of-the-bank-at-least-32-characters';
const NOW = new Date('2026-03-02T16:00:00Z');
const T = NOW.getTime() / 1000;
const body = Buffer.from('{"event_id":"evt_1"}');

const codeOf = (check: () => void) => {
  try {
    check();
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe('SPEI webhook signature', () => {
  it('accepts the HMAC of "t.body" and any of several v1 while rotating secrets', () => {
    const header = signSpeiWebhook(SECRET, T, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(codeOf(() => verifySpeiSignature(header, body, SECRET, NOW))).toBe('ok');
    const old = signSpeiWebhook('the-previous-secret-also-32-characters!', T, body).split(',')[1];
    expect(codeOf(() => verifySpeiSignature(`${header},${old}`, body, SECRET, NOW))).toBe('ok');
  });

  it('refuses another secret, another body, a malformed header and a stale time', () => {
    const header = signSpeiWebhook(SECRET, T, body);
    expect(codeOf(() => verifySpeiSignature(header, body, DEV_SPEI_WEBHOOK_SECRET, NOW))).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(codeOf(() => verifySpeiSignature(header, Buffer.from('{}'), SECRET, NOW))).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(codeOf(() => verifySpeiSignature(`v1=${'0'.repeat(64)}`, body, SECRET, NOW))).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(codeOf(() => verifySpeiSignature(undefined, body, SECRET, NOW))).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    const old = signSpeiWebhook(SECRET, T - 301, body);
    expect(codeOf(() => verifySpeiSignature(old, body, SECRET, NOW))).toBe(
      'WEBHOOK_TIMESTAMP_STALE',
    );
  });

  it('requires a configured secret in production only', () => {
    expect(() => speiWebhookSecret({ NODE_ENV: 'production' })).toThrow(/SPEI_WEBHOOK_SECRET/);
    expect(speiWebhookSecret({ NODE_ENV: 'production', SPEI_WEBHOOK_SECRET: SECRET })).toBe(SECRET);
    expect(speiWebhookSecret({ NODE_ENV: 'development' })).toBe(DEV_SPEI_WEBHOOK_SECRET);
  });
});
