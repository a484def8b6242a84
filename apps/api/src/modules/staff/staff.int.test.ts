import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser, callAs } from '../../../test/users';

describe('operators’ console: consultant chats', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  let tienda: TestUser;
  let ferreteria: TestUser;
  let tiendaConversationId: string;

  const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs(ctx.app, user, method, url, payload, 'en');
  const merchantSays = async (user: TestUser, body: string) => {
    await call(user, 'POST', '/support/conversation/messages', { body });
    ctx.clock.advance(60_000);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
    tienda = (await createTestMerchant(ctx, 'Tienda La Esperanza')).user;
    ferreteria = (await createTestMerchant(ctx, 'Ferretería El Clavo')).user;
    await merchantSays(tienda, '¿Cómo cancelo una guía?');
    await merchantSays(ferreteria, 'No veo mi depósito');
    await merchantSays(tienda, '¿Me ayudan?');
    tiendaConversationId = (await call(tienda, 'GET', '/support/conversation')).json().data.id;
  });
  afterAll(() => ctx.close());

  it('forbids every call to users who are not platform staff', async () => {
    const id = tiendaConversationId;
    const calls = [
      call(tienda, 'GET', '/staff/conversations'),
      call(tienda, 'GET', `/staff/conversations/${id}`),
      call(tienda, 'POST', `/staff/conversations/${id}/messages`, { body: 'Hola' }),
      call(tienda, 'POST', `/staff/conversations/${id}/close`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('You do not have permission to do this.');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/conversations' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists every organization’s conversation, latest activity first, named and with the last message', async () => {
    const response = await call(staff, 'GET', '/staff/conversations');
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({ page: 1, pageSize: 20, total: 2 });
    expect(response.json().data).toEqual([
      {
        id: tiendaConversationId,
        organization_id: tienda.organizationId,
        organization_name: 'Tienda La Esperanza',
        status: 'open',
        created_at: '2026-03-02T16:00:00.000Z',
        last_message_at: '2026-03-02T16:02:00.000Z',
        last_message: expect.objectContaining({ author_kind: 'merchant', body: '¿Me ayudan?' }),
      },
      expect.objectContaining({
        organization_name: 'Ferretería El Clavo',
        last_message: expect.objectContaining({ body: 'No veo mi depósito' }),
      }),
    ]);
  });

  it('opens one conversation with its messages, and answers 404 for an unknown one', async () => {
    const response = await call(staff, 'GET', `/staff/conversations/${tiendaConversationId}`);
    expect(response.json().data).toMatchObject({
      organization_name: 'Tienda La Esperanza',
      messages: [{ body: '¿Cómo cancelo una guía?' }, { body: '¿Me ayudan?' }],
    });
    const unknown = await call(staff, 'GET', `/staff/conversations/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the merchant, who sees the answer and a notification linking to the chat', async () => {
    const response = await call(
      staff,
      'POST',
      `/staff/conversations/${tiendaConversationId}/messages`,
      {
        body: 'Claro, desde Mis envíos en las primeras 73 horas.',
      },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ author_kind: 'staff' });

    const chat = (await call(tienda, 'GET', '/support/conversation')).json().data;
    expect(chat.messages.at(-1)).toMatchObject({
      author_kind: 'staff',
      body: 'Claro, desde Mis envíos en las primeras 73 horas.',
    });
    const [notification] = (await call(tienda, 'GET', '/notifications')).json().data;
    expect(notification).toMatchObject({
      kind: 'NOTIFICATION',
      title: 'A consultant answered your message',
      body: 'Claro, desde Mis envíos en las primeras 73 horas.',
      link: '/app/dashboard?chat=open',
      read: false,
    });
    expect((await call(ferreteria, 'GET', '/notifications')).json().data).toEqual([]);
  });

  it('rejects an empty or too long answer with a localized field message', async () => {
    const url = `/staff/conversations/${tiendaConversationId}/messages`;
    const empty = await call(staff, 'POST', url, { body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ body: 'This field is required.' });
    const long = await call(staff, 'POST', url, { body: 'x'.repeat(2001) });
    expect(long.json().error.fields).toEqual({ body: 'Enter at most 2000 characters.' });
  });

  it('closes the conversation; answers then conflict and the merchant’s next message opens a new one', async () => {
    const url = `/staff/conversations/${tiendaConversationId}`;
    const closed = await call(staff, 'POST', `${url}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ id: tiendaConversationId, status: 'closed' });
    expect((await call(staff, 'POST', `${url}/close`)).json().data.status).toBe('closed');

    const late = await call(staff, 'POST', `${url}/messages`, { body: '¿Algo más?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: 'CONVERSATION_CLOSED',
      message: 'This conversation is already closed.',
    });

    expect((await call(tienda, 'GET', '/support/conversation')).json()).toEqual({ data: null });
    await merchantSays(tienda, 'Tengo otra duda');
    const reopened = (await call(tienda, 'GET', '/support/conversation')).json().data;
    expect(reopened.id).not.toBe(tiendaConversationId);
    expect(reopened.messages).toHaveLength(1);
  });

  it('writes each answer and the close to the audit log, with the conversation before and after', async () => {
    const response = await call(staff, 'GET', '/staff/audit');
    expect(response.statusCode).toBe(200);
    const entries = response
      .json()
      .data.filter((entry: { subject_id: string }) => entry.subject_id === tiendaConversationId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'conversation.close',
        subject_type: 'conversation',
        organization_id: tienda.organizationId,
        organization_name: 'Tienda La Esperanza',
        actor_id: staff.id,
        before: expect.objectContaining({ status: 'open', closed_at: null }),
        after: expect.objectContaining({ status: 'closed', closed_at: expect.any(String) }),
      }),
      expect.objectContaining({
        action: 'conversation.answer',
        created_at: '2026-03-02T16:03:00.000Z',
        actor_id: staff.id,
        actor_email: expect.stringMatching(/@prueba\.mx$/),
        before: {
          status: 'open',
          last_message_at: '2026-03-02T16:02:00.000Z',
          closed_at: null,
        },
        after: {
          status: 'open',
          last_message_at: '2026-03-02T16:03:00.000Z',
          closed_at: null,
          message: {
            id: expect.any(String),
            body: 'Claro, desde Mis envíos en las primeras 73 horas.',
          },
        },
      }),
    ]);
    // Refused answers (empty, too long, on a closed chat) and a repeated close leave no entry.
    expect(entries).toHaveLength(2);
  });

  it('filters by status', async () => {
    const closed = await call(staff, 'GET', '/staff/conversations?status=closed');
    expect(closed.json().data.map((c: { id: string }) => c.id)).toEqual([tiendaConversationId]);
    const open = await call(staff, 'GET', '/staff/conversations?status=open&pageSize=1');
    expect(open.json().meta).toEqual({ page: 1, pageSize: 1, total: 2 });
    expect(open.json().data[0].last_message.body).toBe('Tengo otra duda');
  });
});
