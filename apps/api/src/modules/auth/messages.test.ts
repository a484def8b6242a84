import { describe, expect, it } from 'vitest';
import { recoveryMail, verificationSms } from './messages';

describe('auth messages', () => {
  it('texts the code in Spanish or English', () => {
    expect(verificationSms('123456', 'es')).toBe(
      'Tu código de Despacho es 123456. Vence en 10 minutos.',
    );
    expect(verificationSms('123456', 'en')).toBe(
      'Your Despacho code is 123456. It expires in 10 minutes.',
    );
  });

  it('mails the recovery link, greeting by name when known', () => {
    const link = 'https://despacho.mx/recovery-password/abc';
    const es = recoveryMail(link, 'Ana', 'es');
    expect(es.subject).toBe('Recupera tu contraseña de Despacho');
    expect(es.body).toMatch(/^Hola Ana:\n/);
    expect(es.body).toContain(`60 minutos:\n${link}\n`);
    expect(recoveryMail(link, null, 'en').body).toMatch(/^Hello,\n[\s\S]*60 minutes:\n/);
  });
});
