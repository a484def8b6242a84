import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, signIn, type TestUser } from '../../../test/users';
import { outboxMessages } from '../../platform/outbox.tables';
import type { NotifyInput } from './notifications.service';

const guide = (kind: NotifyInput['kind'], tracking: string): NotifyInput => ({
  kind,
  content: { code: 'guide_cancelled', params: { tracking_number: tracking } },
  link: '/app/shipments',
});

const newsBody = {
  title_es: 'Nuevo horario',
  title_en: 'New hours',
  body_es: 'El almacén abre a las 8.',
  body_en: 'The warehouse opens at 8.',
  audience: null,
  starts_at: '2026-03-03T00:00:00Z',
  ends_at: '2026-03-10T00:00:00Z',
};

describe('notification centre', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let staff: TestUser;
  let organizationId: string;

  const call = (user: TestUser, method: string, url: string, payload?: object, language = 'es') =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: user.headers({ 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
  const notify = (input: NotifyInput) =>
    ctx.app.services.notifications.notify(organizationId, input);
  const mailsTo = async (user: TestUser) => {
    const email = (await ctx.app.services.accounts.userEmails([user.id])).get(user.id);
    const messages = await ctx.db.select().from(outboxMessages);
    return messages.filter((message) => message.recipient === email);
  };
  /** Moves the clock, and signs everyone in again: their access tokens expired meanwhile. */
  const moveTo = async (iso: string) => {
    ctx.clock.advance(Date.parse(iso) - ctx.clock.now().getTime());
    owner = await signIn(ctx, owner);
    stranger = await signIn(ctx, stranger);
    staff = await signIn(ctx, staff);
  };

  beforeAll(async () => {
    // Only the first organization has an online store: the `online_store` audience.
    ctx = await createTestApp({}, undefined, { onlineStore: async (id) => id === organizationId });
    const merchant = await createTestMerchant(ctx);
    organizationId = merchant.organization.id;
    owner = merchant.user;
    colleague = await createTestUser(ctx, { organizationId });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    staff = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  it('filters by kind and counts what the caller has not read', async () => {
    await notify(guide('ERROR', 'E1'));
    await notify(guide('WARNING', 'W1'));
    await notify({ ...guide('ERROR', 'E2'), userId: colleague.id });

    const errors = await call(owner, 'GET', '/notifications?kind=ERROR');
    expect(errors.json().data.map((n: { body: string }) => n.body)).toEqual([
      expect.stringContaining('guía E1'),
    ]);
    expect((await call(owner, 'GET', '/notifications/unread')).json()).toEqual({
      data: { unread: 2 },
    });
    expect((await call(colleague, 'GET', '/notifications/unread')).json().data.unread).toBe(3);
    expect((await call(stranger, 'GET', '/notifications/unread')).json().data.unread).toBe(0);
  });

  it('reads all for the caller only, never another user or organization', async () => {
    await ctx.app.services.notifications.notify(
      (await createTestMerchant(ctx, 'Tercera')).organization.id,
      guide('ERROR', 'X'),
    );
    const marked = await call(owner, 'POST', '/notifications/read-all');
    expect(marked.json().data.marked).toBe(2);
    expect((await call(owner, 'GET', '/notifications/unread')).json().data.unread).toBe(0);
    expect((await call(colleague, 'GET', '/notifications/unread')).json().data.unread).toBe(3);
  });

  it('mails only the kinds a user chose, in their language, through the outbox', async () => {
    const chosen = await call(owner, 'PUT', '/notifications/mail-preferences', {
      mail: ['ERROR', 'WARNING', 'ERROR'],
    });
    expect(chosen.json().data.mail.sort()).toEqual(['ERROR', 'WARNING']);
    expect((await call(colleague, 'GET', '/notifications/mail-preferences')).json()).toEqual({
      data: { mail: [] },
    });
    await call(stranger, 'PUT', '/notifications/mail-preferences', { mail: ['ERROR'] });

    await notify(guide('NOTIFICATION', 'N9'));
    expect(await mailsTo(owner)).toEqual([]);

    await notify(guide('ERROR', 'E9'));
    await notify({ ...guide('ERROR', 'E10'), userId: colleague.id });
    const [mail, ...others] = await mailsTo(owner);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Guía cancelada' });
    expect(mail!.body).toContain('guía E9');
    expect(mail!.body).toContain('http://despacho.test/app/shipments');
    // Neither a colleague who chose nothing nor another organization's user who chose ERROR.
    expect(await mailsTo(colleague)).toEqual([]);
    expect(await mailsTo(stranger)).toEqual([]);

    // A user reading English gets it in English.
    await ctx.app.services.accounts.changeLanguage(colleague.id, 'en');
    await call(colleague, 'PUT', '/notifications/mail-preferences', { mail: ['WARNING'] });
    await notify({ ...guide('WARNING', 'W9'), userId: colleague.id });
    expect(await mailsTo(colleague)).toEqual([
      expect.objectContaining({
        subject: 'Label cancelled',
        body: expect.stringContaining('label W9'),
      }),
    ]);

    await call(owner, 'PUT', '/notifications/mail-preferences', { mail: [] });
    await notify(guide('ERROR', 'E11'));
    expect(await mailsTo(owner)).toHaveLength(1);
  });

  it('shows news within its dates, to its audience, in the reader language', async () => {
    const created = await call(staff, 'POST', '/staff/news', newsBody);
    expect(created.statusCode).toBe(201);
    const segment = await call(staff, 'POST', '/staff/news', {
      ...newsBody,
      title_es: 'Política de Shopify',
      title_en: 'Shopify policy',
      audience: 'online_store',
      ends_at: null,
    });
    expect(segment.statusCode).toBe(201);

    await call(owner, 'PUT', '/notifications/mail-preferences', { mail: ['NEWS'] });
    await call(stranger, 'PUT', '/notifications/mail-preferences', { mail: ['NEWS'] });
    const newsMails = async (user: TestUser) =>
      (await mailsTo(user))
        .map((mail) => mail.subject)
        .filter((subject) => subject === 'Nuevo horario' || subject === 'Política de Shopify')
        .sort();

    // Not started yet on 2 March: not shown, not mailed.
    expect((await call(owner, 'GET', '/notifications/news')).json().data).toEqual([]);
    await ctx.app.jobs.runDue();
    expect(await newsMails(owner)).toEqual([]);
    await moveTo('2026-03-04T12:00:00Z');
    const titles = async (user: TestUser, language = 'es') =>
      (await call(user, 'GET', '/notifications/news', undefined, language))
        .json()
        .data.map((n: { title: string }) => n.title);
    expect((await titles(owner)).sort()).toEqual(['Nuevo horario', 'Política de Shopify']);
    expect((await titles(owner, 'en')).sort()).toEqual(['New hours', 'Shopify policy']);
    expect(await titles(stranger)).toEqual(['Nuevo horario']);
    // Mailed when they start, to whoever chose NEWS in each news item's audience.
    await ctx.app.jobs.runDue();
    expect(await newsMails(owner)).toEqual(['Nuevo horario', 'Política de Shopify']);
    expect(await newsMails(stranger)).toEqual(['Nuevo horario']);

    await moveTo('2026-03-10T00:00:00Z');
    expect(await titles(owner)).toEqual(['Política de Shopify']);
    const ended = await call(staff, 'POST', `/staff/news/${segment.json().data.id}/end`);
    expect(ended.json().data.ends_at).toBe('2026-03-10T00:00:00.000Z');
    expect(await titles(owner)).toEqual([]);

    const listed = await call(staff, 'GET', '/staff/news');
    expect(listed.json().meta.total).toBe(2);
  });

  it('refuses news that ends before it starts', async () => {
    const response = await call(staff, 'POST', '/staff/news', {
      ...newsBody,
      ends_at: '2026-03-02T23:59:59Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      ends_at: 'La fecha final debe ser igual o posterior a la inicial.',
    });
  });

  it('keeps the staff news routes from merchants (403) and answers 404 for an unknown item', async () => {
    expect((await call(owner, 'GET', '/staff/news')).statusCode).toBe(403);
    expect((await call(owner, 'POST', '/staff/news', newsBody)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(staff, 'POST', `/staff/news/${unknown}/end`)).statusCode).toBe(404);
  });
});
