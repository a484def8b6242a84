import type { StaffTicket, Ticket, TicketSummary } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { DEMO_LOGINS, seedDemo } from './seed';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  // The seed's files go where this app serves them from, as `npm start` runs both on one DATA_DIR.
  vi.stubEnv('DATA_DIR', ctx.app.services.config.DATA_DIR);
  expect(await seedDemo(ctx.db, ctx.clock)).toBe(true);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await ctx.close();
});

const tokens = new Map<string, string>();

/** A request as a demo login, signed in once on the login screen. */
async function as(login: (typeof DEMO_LOGINS)[number], url: string) {
  if (!tokens.has(login.email)) {
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: login.email, password: login.password },
    });
    tokens.set(login.email, signedIn.json().data.access_token as string);
  }
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${tokens.get(login.email)}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}
const [owner, , staff] = DEMO_LOGINS;

async function merchantTickets() {
  const listed = (await as(owner, '/support/tickets')).json().data as TicketSummary[];
  const byStatus = (status: string) => listed.find((ticket) => ticket.status === status)!;
  return { listed, byStatus };
}

describe('the demo tickets', () => {
  it('gives the demo merchant one ticket of each status, seeding twice adds none', async () => {
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(false);
    const { listed } = await merchantTickets();
    // Newest first: the one just opened, the one in progress, the closed one.
    expect(listed.map((ticket) => ticket.status)).toEqual(['opened', 'in_progress', 'closed']);
  });

  it('opens one about a demo guide with a photo the merchant can download', async () => {
    const { byStatus } = await merchantTickets();
    const opened = (await as(owner, `/support/tickets/${byStatus('opened').id}`)).json()
      .data as Ticket;
    expect(opened.link?.kind).toBe('shipment');
    await as(owner, `/shipments/${opened.link!.id}`);
    const [photo] = opened.messages[0]!.attachments;
    expect(photo).toMatchObject({ kind: 'png', name: 'caja-dañada.png' });
    const file = await as(owner, `/support/tickets/${opened.id}/attachments/${photo!.id}`);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('has one in progress with a staff answer and an internal note the merchant never sees', async () => {
    const { byStatus } = await merchantTickets();
    const id = byStatus('in_progress').id;
    const merchantView = (await as(owner, `/support/tickets/${id}`)).json().data as Ticket;
    expect(merchantView.messages.map((message) => message.author_kind)).toEqual([
      'merchant',
      'staff',
    ]);
    expect(merchantView.first_response_at).not.toBeNull();
    const staffView = (await as(staff, `/staff/tickets/${id}`)).json().data as StaffTicket;
    expect(staffView.messages.map((message) => message.internal)).toEqual([false, true, false]);
    expect(staffView.assignee?.name).toBe('Staff');
    expect(JSON.stringify(merchantView)).not.toContain('RFC nuevo ya está validado');
  });

  it('closed one, rated, and the merchant was told of each answer', async () => {
    const { byStatus } = await merchantTickets();
    expect(byStatus('closed')).toMatchObject({ rating: 5 });
    const queue = (await as(staff, '/staff/tickets')).json() as { average_rating: number };
    expect(queue.average_rating).toBe(5);
    const notifications = (await as(owner, '/notifications?pageSize=50')).json().data as {
      title: string;
    }[];
    const told = notifications.filter((n) => /^(Respondimos|Cerramos) tu ticket/.test(n.title));
    expect(told).toHaveLength(3);
  });
});
