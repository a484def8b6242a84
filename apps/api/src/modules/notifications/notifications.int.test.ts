import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, signIn, type TestUser } from '../../../test/users';
import { NotificationsService, type NotifyInput } from './notifications.service';

const news = (n: number): NotifyInput => ({
  kind: 'NEWS',
  content: { code: 'guide_cancelled', params: { tracking_number: `GUIA${n}` } },
});

describe('notifications', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let organizationId: string;

  const list = (user: TestUser, query = '', language = 'es') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/notifications${query}`,
      headers: user.headers({ 'x-language': language }),
    });
  const markRead = (user: TestUser, id: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/notifications/${id}/read`,
      headers: user.headers(),
    });

  beforeAll(async () => {
    // Stores are not built yet: here only the first organization has one to connect.
    ctx = await createTestApp({}, undefined, {
      onlineStore: async (id) => id === organizationId,
    });
    const merchant = await createTestMerchant(ctx);
    organizationId = merchant.organization.id;
    owner = merchant.user;
    colleague = await createTestUser(ctx, { organizationId });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  });
  afterAll(() => ctx.close());

  describe('GET /notifications', () => {
    it('lists organization-wide and own notifications, newest first, in the caller language', async () => {
      const notifications = new NotificationsService(ctx);
      await notifications.notify(organizationId, news(1));
      ctx.clock.advance(1000);
      await notifications.notify(organizationId, {
        ...news(2),
        kind: 'WARNING',
        link: '/app/finance/deposits',
        userId: owner.id,
      });
      ctx.clock.advance(1000);
      await notifications.notify(organizationId, { ...news(3), userId: colleague.id });

      const es = await list(owner);
      expect(es.statusCode).toBe(200);
      expect(es.json().meta).toEqual({ page: 1, pageSize: 20, total: 2 });
      expect(es.json().data).toEqual([
        {
          id: expect.any(String),
          kind: 'WARNING',
          title: 'Guía cancelada',
          body: 'La paquetería confirmó la cancelación de la guía GUIA2; el reembolso está en tu saldo.',
          link: '/app/finance/deposits',
          created_at: '2026-03-02T16:00:01.000Z',
          read: false,
        },
        expect.objectContaining({ kind: 'NEWS', title: 'Guía cancelada', link: null, read: false }),
      ]);

      const en = await list(owner, '?page=2&pageSize=1', 'en');
      expect(en.json().meta).toEqual({ page: 2, pageSize: 1, total: 2 });
      // The same stored code, in the reader's language.
      expect(en.json().data).toEqual([
        expect.objectContaining({
          kind: 'NEWS',
          title: 'Label cancelled',
          body: 'The carrier confirmed the cancellation of label GUIA1; the refund is in your balance.',
        }),
      ]);
    });

    it('shows nothing of another organization', async () => {
      const response = await list(stranger);
      expect(response.json()).toEqual({ data: [], meta: { page: 1, pageSize: 20, total: 0 } });
    });

    it('answers 401 without a session', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PATCH /notifications/{id}/read', () => {
    it('marks the notification read for the caller only', async () => {
      const [latest] = (await list(owner)).json().data;
      const organizationWide = (await list(colleague)).json().data.at(-1);

      const response = await markRead(owner, organizationWide.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: organizationWide.id, read: true });
      expect((await markRead(owner, organizationWide.id)).json().data.read).toBe(true);

      const ownView = (await list(owner)).json().data;
      expect(ownView.map((n: { read: boolean }) => n.read)).toEqual([false, true]);
      expect(ownView[0].id).toBe(latest.id);
      const colleagueView = (await list(colleague)).json().data;
      expect(colleagueView.every((n: { read: boolean }) => !n.read)).toBe(true);
    });

    it('answers 404 for another organization or another user’s notification', async () => {
      const [ownersOnly] = (await list(owner)).json().data;
      expect((await markRead(stranger, ownersOnly.id)).statusCode).toBe(404);
      const response = await markRead(colleague, ownersOnly.id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    });

    it('answers 400 for an id that is not a uuid', async () => {
      const response = await markRead(owner, 'nope');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ id: 'El valor no es válido.' });
    });
  });

  describe('POST /notifications/read-all', () => {
    it('marks every unread notification of the caller, leaving colleagues untouched', async () => {
      const readAll = (user: TestUser) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/notifications/read-all',
          headers: user.headers(),
        });
      expect((await readAll(owner)).json()).toEqual({ data: { marked: 1 } });
      expect((await readAll(owner)).json()).toEqual({ data: { marked: 0 } });
      expect((await list(owner)).json().data.every((n: { read: boolean }) => n.read)).toBe(true);
      expect((await list(colleague)).json().data.some((n: { read: boolean }) => n.read)).toBe(
        false,
      );
    });
  });

  describe('notices', () => {
    const notices = (user: TestUser) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/notifications/notices',
        headers: user.headers(),
      });
    const dismiss = (user: TestUser, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/notices/${key}/dismiss`,
        headers: user.headers(),
      });

    it('shows the shop policy notice until the user dismisses it', async () => {
      expect((await notices(owner)).json()).toEqual({ data: { active: ['shop_policy_2025_06'] } });
      const response = await dismiss(owner, 'shop_policy_2025_06');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { active: [] } });
      expect((await dismiss(owner, 'shop_policy_2025_06')).json()).toEqual({
        data: { active: [] },
      });
      expect((await notices(owner)).json()).toEqual({ data: { active: [] } });
      expect((await notices(colleague)).json().data.active).toEqual(['shop_policy_2025_06']);
    });

    it('keeps the dismissal for the user on another device (a new session)', async () => {
      const ownerElsewhere = await signIn(ctx, owner);
      expect((await notices(ownerElsewhere)).json().data.active).toEqual([]);
    });

    it('answers 404 for an unknown notice', async () => {
      expect((await dismiss(owner, 'no_such_notice')).statusCode).toBe(404);
    });

    it('shows the online-shop notice only to organizations that have or can connect a store', async () => {
      expect((await notices(stranger)).json()).toEqual({ data: { active: [] } });
    });

    it('shows it to no organization while stores do not exist (the app as built)', async () => {
      const app = await createTestApp();
      try {
        const { user } = await createTestMerchant(app);
        const response = await app.app.inject({
          method: 'GET',
          url: '/api/v1/notifications/notices',
          headers: user.headers(),
        });
        expect(response.json()).toEqual({ data: { active: [] } });
      } finally {
        await app.close();
      }
    });
  });
});
