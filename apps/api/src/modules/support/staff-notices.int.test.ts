import type { Notification } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  type CallArgs,
  type TestUser,
} from '../../../test/users';

/**
 * A merchant's reply reaches the helpdesk in the console's bell (`/staff/notifications`): the
 * assignee, or every active staff member while no one has the ticket; never the merchant.
 */
describe('staff notices of merchant replies', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let ana: TestUser;
  let beto: TestUser;

  const call = async (...args: CallArgs) => {
    const response = await callAs(ctx.app, ...args);
    return { status: response.statusCode, body: response.json() };
  };
  const ok = async (...args: CallArgs) => {
    const { status, body } = await call(...args);
    expect(status, JSON.stringify(body)).toBeLessThan(300);
    return body;
  };
  const notices = async (user: TestUser, language = 'es') =>
    (await ok(user, 'GET', '/staff/notifications', undefined, language)).data as Notification[];
  const unread = async (user: TestUser, path = '/staff/notifications') =>
    ((await ok(user, 'GET', `${path}/unread`)).data as { unread: number }).unread;

  const openTicket = async () =>
    (
      await ok(owner, 'POST', '/support/tickets', {
        title: 'Guía sin movimiento',
        category: 'shipment',
        description: 'Lleva tres días igual.',
      })
    ).data as { id: string; number: number };
  const merchantReply = (id: string, body: string) =>
    ok(owner, 'POST', `/support/tickets/${id}/messages`, { body });

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx, 'Tienda Azul');
    owner = merchant.user;
    colleague = await createTestUser(ctx, { organizationId: merchant.organization.id });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    ana = await createTestUser(ctx, { isStaff: true });
    beto = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  it('tells every staff member once while no one has the ticket, in their language', async () => {
    const ticket = await openTicket();
    await merchantReply(ticket.id, 'Sigo sin noticias');
    for (const member of [ana, beto]) {
      const [notice, ...others] = await notices(member);
      expect(others).toHaveLength(0);
      expect(notice).toMatchObject({
        kind: 'NOTIFICATION',
        title: `Tienda Azul respondió el ticket ${ticket.number}: Guía sin movimiento`,
        body: 'Sigo sin noticias',
        link: `/staff/tickets/${ticket.id}`,
        read: false,
      });
      expect(await unread(member)).toBe(1);
    }
    expect((await notices(ana, 'en'))[0]!.title).toBe(
      `Tienda Azul replied to ticket ${ticket.number}: Guía sin movimiento`,
    );
  });

  it('tells only the assignee once someone has the ticket', async () => {
    // The test clock stands still; a minute on, this reply is Ana's newest notice.
    ctx.clock.advance(60_000);
    const ticket = await openTicket();
    await ok(ana, 'POST', `/staff/tickets/${ticket.id}/assign`, { assignee_id: ana.id });
    await merchantReply(ticket.id, 'Adjunto otra foto');
    expect(await unread(ana)).toBe(2);
    expect(await unread(beto)).toBe(1);
    expect((await notices(ana))[0]).toMatchObject({ link: `/staff/tickets/${ticket.id}` });
  });

  it('never shows them to the merchant, nor to another organization', async () => {
    for (const user of [owner, colleague, stranger]) {
      const own = (await ok(user, 'GET', '/notifications?pageSize=100')).data as Notification[];
      expect(own.some((notification) => notification.link?.startsWith('/staff/'))).toBe(false);
      expect(await unread(user, '/notifications')).toBe(0);
      expect((await call(user, 'GET', '/staff/notifications')).status).toBe(403);
    }
    const [notice] = await notices(ana);
    expect((await call(owner, 'PATCH', `/notifications/${notice!.id}/read`)).status).toBe(404);
    expect((await call(beto, 'PATCH', `/staff/notifications/${notice!.id}/read`)).status).toBe(404);
  });

  it('reads one, then all', async () => {
    const [newest] = await notices(ana);
    const read = await ok(ana, 'PATCH', `/staff/notifications/${newest!.id}/read`);
    expect(read.data).toMatchObject({ id: newest!.id, read: true });
    expect(await unread(ana)).toBe(1);
    expect(await unread(beto)).toBe(1);
    expect((await ok(ana, 'POST', '/staff/notifications/read-all')).data).toEqual({ marked: 1 });
    expect(await unread(ana)).toBe(0);
    expect(await unread(beto)).toBe(1);
  });
});
