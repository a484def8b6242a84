/**
 * The data migration `…_notification_codes.sql`: notifications stored as Spanish and English
 * sentences become codes with parameters, and read exactly as they did in both languages.
 */
import type { Notification } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrationFile } from '../../../test/migration-file';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { notifications, type LocalizedText } from './notifications.tables';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;

/** Rows as the API wrote them before codes, each with the sentences it held. */
const BEFORE: { title: LocalizedText; body: LocalizedText }[] = [
  {
    title: { es: 'Depósito acreditado', en: 'Deposit credited' },
    body: {
      es: 'Acreditamos $185.50 a tu saldo por tu depósito SPEI de $200.00 (clave de rastreo MBAN01002603010001). Se descontó la comisión de $14.50 (IVA incluido) de los depósitos menores a $500.00.',
      en: 'We credited $185.50 to your balance for your SPEI deposit of $200.00 (tracking key MBAN01002603010001). The $14.50 fee (VAT included) of deposits under $500.00 was taken.',
    },
  },
  {
    title: { es: 'Depósito acreditado', en: 'Deposit credited' },
    body: {
      es: 'Acreditamos $1,250.00 a tu saldo por tu depósito de $1,250.00.',
      en: 'We credited $1,250.00 to your balance for your deposit of $1,250.00.',
    },
  },
  {
    title: { es: 'Depósito rechazado', en: 'Deposit rejected' },
    body: {
      es: 'Rechazamos tu depósito SPEI de $600.00 (clave de rastreo BBVA2603). Motivo: El comprobante no es legible. Nada se acreditó a tu saldo.',
      en: 'We rejected your SPEI deposit of $600.00 (tracking key BBVA2603). Reason: El comprobante no es legible. Nothing was credited to your balance.',
    },
  },
  {
    title: { es: 'Tu verificación fue rechazada', en: 'Your verification was rejected' },
    body: {
      es: 'Motivo: Falta la constancia. Corrige tus documentos y envíalos de nuevo.',
      en: 'Reason: Falta la constancia. Fix your documents and submit them again.',
    },
  },
  {
    title: { es: 'Tu cuenta está verificada', en: 'Your account is verified' },
    body: {
      es: 'Revisamos tus documentos y tu cuenta quedó verificada.',
      en: 'We reviewed your documents and your account is now verified.',
    },
  },
  {
    title: { es: 'Guía cancelada', en: 'Label cancelled' },
    body: {
      es: 'La paquetería confirmó la cancelación de la guía 7710001; el reembolso está en tu saldo.',
      en: 'The carrier confirmed the cancellation of label 7710001; the refund is in your balance.',
    },
  },
  {
    title: { es: 'Un asesor respondió tu mensaje', en: 'A consultant answered your message' },
    body: { es: 'Ya quedó tu guía.', en: 'Ya quedó tu guía.' },
  },
  {
    title: { es: 'Bienvenido a Despacho', en: 'Welcome to Despacho' },
    body: {
      es: 'Tu cuenta demo está lista. Si tienes dudas, contacta a un asesor desde el dashboard.',
      en: 'Your demo account is ready. Questions? Contact a consultant from the dashboard.',
    },
  },
];
/** A text no code stands for. */
const UNKNOWN = {
  title: { es: 'Mantenimiento programado', en: 'Scheduled maintenance' },
  body: { es: 'El domingo no habrá servicio.', en: 'There is no service on Sunday.' },
};

const list = async (language: 'es' | 'en') =>
  (await callAs(ctx.app, owner, 'GET', '/notifications?pageSize=50', undefined, language)).json()
    .data as Notification[];
const stored = async () =>
  (
    await ctx.db.$client.query(
      `select code, params, title, body from notifications order by created_at`,
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  const rows = [...BEFORE, UNKNOWN];
  await ctx.db.insert(notifications).values(
    rows.map((row, index) => ({
      organizationId: merchant.organization.id,
      kind: 'NOTIFICATION' as const,
      ...row,
      // Oldest first in `rows`: the list shows them newest first.
      createdAt: new Date(Date.UTC(2026, 2, 1, 0, index)),
    })),
  );
  await runMigrationFile(ctx.db, 'notification_codes');
});

afterAll(() => ctx.close());

describe('migration: notifications stored as sentences become codes', () => {
  it('maps every sentence the API wrote to its code and parameters, dropping the sentences', async () => {
    const rows = await stored();
    expect(rows.map((row) => row.code)).toEqual([
      'deposit_credited',
      'deposit_credited',
      'deposit_rejected',
      'verification_rejected',
      'verification_approved',
      'guide_cancelled',
      'support_answer',
      'welcome',
      null,
    ]);
    expect(rows.slice(0, 3).map((row) => row.params)).toEqual([
      { amount: 20_000, net: 18_550, fee: 1_450, tracking_key: 'MBAN01002603010001' },
      { amount: 125_000, net: 125_000, fee: 0, tracking_key: null },
      { amount: 60_000, tracking_key: 'BBVA2603', reason: 'El comprobante no es legible' },
    ]);
    expect(rows.slice(0, -1).every((row) => row.title === null && row.body === null)).toBe(true);
    expect(rows.at(-1)).toMatchObject(UNKNOWN);
  });

  it('reads every row exactly as before, in Spanish and in English', async () => {
    const before = [...BEFORE, UNKNOWN].reverse();
    for (const language of ['es', 'en'] as const) {
      const shown = (await list(language)).map(({ title, body }) => ({ title, body }));
      expect(shown).toEqual(
        before.map(({ title, body }) => ({ title: title[language], body: body[language] })),
      );
    }
  });
});
