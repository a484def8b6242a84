import type { StaffTicket, Ticket, TicketSummary } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { seededDemo } from './demo.test-support';
import { DEMO_LOGINS, seedDemo } from './seed';

const { ctx, as } = seededDemo();

const [owner, , staff] = DEMO_LOGINS;

async function merchantTickets() {
  const listed = (await as(owner, '/support/tickets')).json().data as TicketSummary[];
  const byStatus = (status: string) => listed.find((ticket) => ticket.status === status)!;
  return { listed, byStatus };
}

describe('the demo tickets', () => {
  it('gives the demo merchant one ticket of each status, seeding twice adds none', async () => {
    expect(await seedDemo(ctx().db, ctx().clock)).toBe(false);
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
