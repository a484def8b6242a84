import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/files.tables';
import { outboxMessages } from '../../platform/outbox.tables';
import { sampleFiles } from '../../../test/multipart';
import { notifySpei, trackingKey } from '../../../test/spei';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';
import { uploadAttachment } from './tickets.test-support';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('support tickets: merchants and the helpdesk', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let stranger: TestUser;
  let staff: TestUser;
  let depositId: string;

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: object,
    language = 'es',
  ) => callAs(ctx.app, user, method, url, body, language);

  const open = async (body: object = {}) => {
    const response = await call(owner, 'POST', '/support/tickets', {
      title: 'Mi depósito no aparece',
      category: 'balance_deposits',
      description: 'Hice un SPEI ayer y no veo el saldo.',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as {
      id: string;
      number: number;
      status: string;
      messages: { id: string }[];
    };
  };

  const ticketFiles = async () =>
    ctx.db.$count(
      files,
      and(eq(files.organizationId, organizationId), eq(files.purpose, 'support.ticket')),
    );

  const merchantView = async (id: string, user = owner) => {
    const response = await call(user, 'GET', `/support/tickets/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const staffView = async (id: string) => {
    const response = await call(staff, 'GET', `/staff/tickets/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const staffReply = async (id: string, body: string, internal = false) => {
    const response = await call(staff, 'POST', `/staff/tickets/${id}/messages`, { body, internal });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string };
  };

  /** Moves the clock; everyone signs in again, as sessions expire meanwhile. */
  const advance = async (ms: number) => {
    ctx.clock.advance(ms);
    owner = await signIn(ctx, owner);
    stranger = await signIn(ctx, stranger);
    staff = await signIn(ctx, staff);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    organizationId = merchant.organization.id;
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    staff = await createTestUser(ctx, { isStaff: true });
    depositId = (await notifySpei(ctx, owner, { amount: '500.00', tracking_key: trackingKey() }))
      .id;
  });
  afterAll(() => ctx.close());

  it('opens a ticket about one of the organization’s own records, shown in its list', async () => {
    const ticket = await open({ link: { kind: 'deposit', id: depositId } });
    expect(ticket).toMatchObject({
      status: 'opened',
      link: { kind: 'deposit', id: depositId },
      created_at: '2026-03-02T16:00:00.000Z',
      first_response_at: null,
      closed_at: null,
      messages: [{ author_kind: 'merchant', body: 'Hice un SPEI ayer y no veo el saldo.' }],
    });
    const list = (
      await call(
        owner,
        'GET',
        '/support/tickets?status=opened&category=balance_deposits&search=deposito',
      )
    ).json();
    expect(list.data.map((row: { id: string }) => row.id)).toContain(ticket.id);
    const none = (await call(owner, 'GET', '/support/tickets?category=billing')).json();
    expect(none.data.map((row: { id: string }) => row.id)).not.toContain(ticket.id);
    const byNumber = (await call(owner, 'GET', `/support/tickets?search=${ticket.number}`)).json();
    expect(byNumber.data.map((row: { id: string }) => row.id)).toEqual([ticket.id]);
    const future = (await call(owner, 'GET', '/support/tickets?from=2026-03-03')).json();
    expect(future.meta.total).toBe(0);
  });

  it('refuses a link to another organization’s record as not found, opening nothing', async () => {
    const before = (await call(owner, 'GET', '/support/tickets')).json().meta.total;
    const foreign = (
      await notifySpei(ctx, stranger, { amount: '100.00', tracking_key: trackingKey() })
    ).id;
    const response = await call(owner, 'POST', '/support/tickets', {
      title: 'Depósito ajeno',
      category: 'balance_deposits',
      description: 'x',
      link: { kind: 'deposit', id: foreign },
    });
    expect(response.statusCode).toBe(404);
    expect((await call(owner, 'GET', '/support/tickets')).json().meta.total).toBe(before);
  });

  it('keeps each message’s attachments, refusing disguised and oversized files with nothing stored', async () => {
    const ticket = await open();
    const url = `/support/tickets/${ticket.id}/messages/${ticket.messages[0]!.id}/attachments`;
    const photo = await uploadAttachment(ctx, owner, url, {
      name: 'guia.jpg',
      content: sampleFiles.jpeg(),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().data).toMatchObject({ name: 'guia.jpg', kind: 'jpeg' });
    const stored = await ticketFiles();

    const disguised = await uploadAttachment(
      ctx,
      owner,
      url,
      { name: 'factura.pdf', content: sampleFiles.exe() },
      'en',
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.message).toBe(
      'This file type is not allowed. Upload a PDF, JPEG, PNG file.',
    );
    const large = await uploadAttachment(ctx, owner, url, {
      name: 'grande.pdf',
      content: sampleFiles.pdf(1024 * 1024 + 1),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe('El archivo supera el tamaño máximo de 1 MB.');
    expect(await ticketFiles()).toBe(stored);

    for (let n = 0; n < 4; n += 1) {
      const more = await uploadAttachment(ctx, owner, url, {
        name: `p${n}.pdf`,
        content: sampleFiles.pdf(),
      });
      expect(more.statusCode, more.body).toBe(201);
    }
    const sixth = await uploadAttachment(
      ctx,
      owner,
      url,
      { name: 'sexto.png', content: sampleFiles.png() },
      'en',
    );
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toBe('A message takes at most 5 attachments.');
    expect(await ticketFiles()).toBe(stored + 4);

    const view = await merchantView(ticket.id);
    expect(view.messages[0].attachments).toHaveLength(5);
    const download = await call(
      owner,
      'GET',
      `/support/tickets/${ticket.id}/attachments/${photo.json().data.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
  });

  it('never shows the merchant an internal note or its staff-only attachment', async () => {
    const ticket = await open();
    const mailsBefore = await ctx.db.$count(outboxMessages);
    const note = await staffReply(ticket.id, 'Nota interna: revisar con el banco', true);
    // A note tells the merchant nothing: no mail, no notification, the ticket still waits on staff.
    expect(await ctx.db.$count(outboxMessages)).toBe(mailsBefore);
    expect((await call(owner, 'GET', '/notifications')).body).not.toContain('Nota interna');
    expect((await merchantView(ticket.id)).status).toBe('opened');
    const noteFile = await uploadAttachment(
      ctx,
      staff,
      `/staff/tickets/${ticket.id}/messages/${note.id}/attachments`,
      { name: 'estado-banco.pdf', content: sampleFiles.pdf() },
    );
    expect(noteFile.statusCode, noteFile.body).toBe(201);
    const answer = await staffReply(ticket.id, 'Ya lo estamos revisando.');
    const answerFile = await uploadAttachment(
      ctx,
      staff,
      `/staff/tickets/${ticket.id}/messages/${answer.id}/attachments`,
      { name: 'comprobante.png', content: sampleFiles.png() },
    );
    expect(answerFile.statusCode, answerFile.body).toBe(201);

    const merchant = await call(owner, 'GET', `/support/tickets/${ticket.id}`);
    expect(merchant.body).not.toContain('Nota interna');
    expect(merchant.body).not.toContain('estado-banco.pdf');
    expect(merchant.body).not.toContain(note.id);
    expect(merchant.json().data.messages.map((m: { body: string }) => m.body)).toEqual([
      'Hice un SPEI ayer y no veo el saldo.',
      'Ya lo estamos revisando.',
    ]);
    expect(merchant.json().data.messages[1].attachments).toMatchObject([
      { name: 'comprobante.png' },
    ]);
    // Staff answer as the Despacho team, never by their own names.
    expect(merchant.json().data.messages[1].author_name).toBe('');
    const hidden = await call(
      owner,
      'GET',
      `/support/tickets/${ticket.id}/attachments/${noteFile.json().data.id}`,
    );
    expect(hidden.statusCode).toBe(404);
    // A merchant cannot attach to staff's messages either.
    const onNote = await uploadAttachment(
      ctx,
      owner,
      `/support/tickets/${ticket.id}/messages/${note.id}/attachments`,
      { name: 'x.png', content: sampleFiles.png() },
    );
    expect(onNote.statusCode).toBe(404);

    const staffSide = await staffView(ticket.id);
    expect(staffSide.messages.map((m: { internal: boolean }) => m.internal)).toEqual([
      false,
      true,
      false,
    ]);
    expect(staffSide.messages[1].attachments).toMatchObject([{ name: 'estado-banco.pdf' }]);
  });

  it('a staff reply is the first response, notified in the app (es and en) and mailed', async () => {
    const ticket = await open({ title: 'Factura con RFC equivocado', category: 'billing' });
    await advance(HOUR_MS);
    const mailsBefore = await ctx.db.$count(outboxMessages);
    await staffReply(ticket.id, 'Corregimos tu RFC y timbramos de nuevo.');
    const view = await merchantView(ticket.id);
    expect(view).toMatchObject({
      status: 'in_progress',
      first_response_at: ctx.clock.now().toISOString(),
    });
    const titles = await Promise.all(
      ['es', 'en'].map(async (language) => {
        const list = (await call(owner, 'GET', '/notifications', undefined, language)).json().data;
        return list.find(
          (n: { link: string | null }) => n.link === `/app/support/ticket/${ticket.id}`,
        );
      }),
    );
    expect(titles[0]).toMatchObject({
      title: `Respondimos tu ticket ${ticket.number}: Factura con RFC equivocado`,
      body: 'Corregimos tu RFC y timbramos de nuevo.',
    });
    expect(titles[1]).toMatchObject({
      title: `We answered your ticket ${ticket.number}: Factura con RFC equivocado`,
    });
    const mails = await ctx.db.select().from(outboxMessages);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.find((m) => m.subject?.includes(`ticket ${ticket.number}`))).toMatchObject({
      channel: 'email',
      body: expect.stringContaining(`/app/support/ticket/${ticket.id}`),
    });
    const timing = (await staffView(ticket.id)).first_response;
    expect(timing).toMatchObject({ business_ms: HOUR_MS, state: 'on_time', done: true });
  });

  it('pauses the response clock while waiting on the merchant and resumes on their reply', async () => {
    const ticket = await open();
    await advance(HOUR_MS);
    await staffReply(ticket.id, '¿Nos compartes la clave de rastreo?');
    expect((await staffView(ticket.id)).waiting_on).toBe('merchant');
    await advance(3 * HOUR_MS);
    expect((await staffView(ticket.id)).resolution.business_ms).toBe(HOUR_MS);
    const reply = await call(owner, 'POST', `/support/tickets/${ticket.id}/messages`, {
      body: 'Es MBAN0100',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await advance(30 * 60 * 1000);
    const view = await staffView(ticket.id);
    expect(view.waiting_on).toBe('staff');
    expect(view.resolution.business_ms).toBe(HOUR_MS + 30 * 60 * 1000);
  });

  it('marks a first response past 4 business hours as late, counting business hours only', async () => {
    const ticket = await open();
    // Opened at some hour of a business day: a weekend in between adds nothing.
    await advance(5 * DAY_MS);
    const timing = (await staffView(ticket.id)).first_response;
    expect(timing.state).toBe('late');
    expect(timing.done).toBe(false);
    expect(timing.business_ms).toBeLessThanOrEqual(5 * 9 * HOUR_MS);
  });

  it('mails every staff member when the merchant replies to a ticket no one has taken', async () => {
    const ticket = await open();
    const helpdesk = await ctx.app.services.accounts.staffMembers();
    expect(helpdesk.map((member) => member.id)).toContain(staff.id);
    const before = await ctx.db.$count(outboxMessages);
    await call(owner, 'POST', `/support/tickets/${ticket.id}/messages`, { body: 'Nadie contesta' });
    const mails = (await ctx.db.select().from(outboxMessages)).filter((m) =>
      m.body.includes('Nadie contesta'),
    );
    expect(mails.length).toBe(helpdesk.length);
    expect(await ctx.db.$count(outboxMessages)).toBe(before + helpdesk.length);
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      helpdesk.map((member) => member.email).sort(),
    );
  });

  it('mails the assigned staff member when the merchant replies', async () => {
    const ticket = await open();
    const assigned = await call(staff, 'POST', `/staff/tickets/${ticket.id}/assign`, {
      assignee_id: staff.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({
      status: 'in_progress',
      assignee: { id: staff.id },
    });
    const before = await ctx.db.$count(outboxMessages);
    await call(owner, 'POST', `/support/tickets/${ticket.id}/messages`, { body: 'Sigo esperando' });
    const mails = await ctx.db.select().from(outboxMessages);
    expect(mails.length).toBe(before + 1);
    expect(
      mails.some(
        (m) => m.body.includes('Sigo esperando') && m.body.includes(`/staff/tickets/${ticket.id}`),
      ),
    ).toBe(true);
    const notStaff = await call(
      staff,
      'POST',
      `/staff/tickets/${ticket.id}/assign`,
      { assignee_id: owner.id },
      'en',
    );
    expect(notStaff.statusCode).toBe(422);
  });

  it('closes, rates, reopens within 7 days and afterwards offers a new linked ticket', async () => {
    const ticket = await open();
    const closed = await call(staff, 'POST', `/staff/tickets/${ticket.id}/close`, {
      reason: 'Saldo acreditado',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      closed_by: 'staff',
      close_reason: 'Saldo acreditado',
    });
    const rated = await call(owner, 'POST', `/support/tickets/${ticket.id}/rating`, {
      rating: 4,
      comment: 'Rápido',
    });
    expect(rated.json().data).toMatchObject({
      rating: 4,
      rating_comment: 'Rápido',
      can_reopen: true,
    });

    await advance(6 * DAY_MS);
    const reopened = await call(owner, 'POST', `/support/tickets/${ticket.id}/messages`, {
      body: 'Volvió a pasar',
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
    expect(await merchantView(ticket.id)).toMatchObject({
      status: 'opened',
      closed_at: null,
      rating: null,
    });

    const resolved = await call(owner, 'POST', `/support/tickets/${ticket.id}/close`);
    expect(resolved.json().data).toMatchObject({ status: 'closed', closed_by: 'merchant' });
    await call(owner, 'POST', `/support/tickets/${ticket.id}/rating`, { rating: 4 });
    const tooSoon = await call(owner, 'POST', '/support/tickets', {
      title: 'Sigue',
      category: 'other',
      description: 'Sigue',
      previous_ticket_id: ticket.id,
    });
    expect(tooSoon.statusCode).toBe(409);

    await advance(7 * DAY_MS + 1000);
    const late = await call(
      owner,
      'POST',
      `/support/tickets/${ticket.id}/messages`,
      { body: 'Otra vez' },
      'en',
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('TICKET_REOPEN_EXPIRED');
    expect((await merchantView(ticket.id)).can_reopen).toBe(false);
    const follow = await open({ previous_ticket_id: ticket.id });
    expect(follow).toMatchObject({ previous_ticket_id: ticket.id, status: 'opened' });
  });

  it('merges a duplicate into another ticket of the same organization only', async () => {
    const first = await open();
    const duplicate = await open();
    const foreign = (
      await call(stranger, 'POST', '/support/tickets', {
        title: 'Ajeno',
        category: 'other',
        description: 'x',
      })
    ).json().data;
    expect(
      (await call(staff, 'POST', `/staff/tickets/${duplicate.id}/merge`, { into_id: foreign.id }))
        .statusCode,
    ).toBe(409);
    const merged = await call(staff, 'POST', `/staff/tickets/${duplicate.id}/merge`, {
      into_id: first.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data).toMatchObject({ status: 'closed', merged_into_id: first.id });
    expect(
      (await call(owner, 'POST', `/support/tickets/${duplicate.id}/messages`, { body: 'x' }))
        .statusCode,
    ).toBe(409);
  });

  it('keeps canned replies, shows the average rating and turns a chat into a ticket', async () => {
    const added = await call(staff, 'POST', '/staff/canned-replies', {
      title: 'Saludo',
      body: 'Hola, gracias por escribir.',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await call(staff, 'GET', '/staff/canned-replies')).json().data).toMatchObject([
      { title: 'Saludo' },
    ]);
    expect(
      (await call(staff, 'DELETE', `/staff/canned-replies/${added.json().data.id}`)).statusCode,
    ).toBe(204);

    const queue = (await call(staff, 'GET', '/staff/tickets?pageSize=100')).json();
    expect(queue.average_rating).toBe(4);
    // Open tickets waiting on staff lead the queue; those waiting on the merchant or closed follow.
    const waiting = queue.data.map(
      (row: { status: string; waiting_on: string }) =>
        row.status !== 'closed' && row.waiting_on === 'staff',
    );
    expect(waiting).toContain(false);
    expect(waiting).toEqual([...waiting].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    expect(queue.data.every((row: { organization_name: string }) => row.organization_name)).toBe(
      true,
    );

    await call(owner, 'POST', '/support/conversation/messages', {
      body: 'Mi recolección no llegó',
    });
    const conversation = (await call(owner, 'GET', '/support/conversation')).json().data;
    const made = await call(staff, 'POST', `/staff/conversations/${conversation.id}/ticket`, {
      title: 'Recolección no llegó',
      category: 'pickup',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      organization_id: organizationId,
      assignee: { id: staff.id },
    });
    expect(
      (await merchantView(made.json().data.id)).messages.map((m: { body: string }) => m.body),
    ).toEqual(['Mi recolección no llegó']);
  });

  it('answers 404 to another organization and 403 to merchants on staff routes', async () => {
    const ticket = await open();
    expect((await call(stranger, 'GET', `/support/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'POST', `/support/tickets/${ticket.id}/messages`, { body: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'GET', '/support/tickets'))
        .json()
        .data.map((t: { id: string }) => t.id),
    ).not.toContain(ticket.id);
    for (const [method, url] of [
      ['GET', '/staff/tickets'],
      ['GET', `/staff/tickets/${ticket.id}`],
      ['GET', '/staff/canned-replies'],
    ] as const) {
      expect((await call(owner, method, url)).statusCode).toBe(403);
    }
    const staffReplyAsMerchant = await call(owner, 'POST', `/staff/tickets/${ticket.id}/messages`, {
      body: 'x',
    });
    expect(staffReplyAsMerchant.statusCode).toBe(403);
  });
});
