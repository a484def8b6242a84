import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';

describe('consultant chat (merchant side)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;

  const conversation = (user: TestUser) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/support/conversation',
      headers: user.headers(),
    });
  const send = (user: TestUser, body: unknown, language = 'es') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/support/conversation/messages',
      headers: user.headers({ 'x-language': language }),
      payload: body as object,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    colleague = await createTestUser(ctx, {
      organizationId: merchant.organization.id,
      permissions: ['shipments.pickup'],
    });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  });
  afterAll(() => ctx.close());

  it('answers null while the organization has no open conversation', async () => {
    const response = await conversation(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
  });

  it('opens the conversation with the first message and keeps adding to it', async () => {
    const first = await send(owner, { body: '  Hola, necesito ayuda con mi guía  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      id: expect.any(String),
      author_kind: 'merchant',
      body: 'Hola, necesito ayuda con mi guía',
      created_at: '2026-03-02T16:00:00.000Z',
    });
    ctx.clock.advance(5000);
    // Any user of the organization writes into the same conversation.
    expect((await send(colleague, { body: 'Soy de la misma empresa' })).statusCode).toBe(201);

    const { data } = (await conversation(owner)).json();
    expect(data).toMatchObject({
      status: 'open',
      created_at: '2026-03-02T16:00:00.000Z',
      last_message_at: '2026-03-02T16:00:05.000Z',
    });
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual([
      'Hola, necesito ayuda con mi guía',
      'Soy de la misma empresa',
    ]);
  });

  it('never shows one organization the conversation of another', async () => {
    expect((await conversation(stranger)).json()).toEqual({ data: null });
    await send(stranger, { body: 'Mensaje de otra tienda' });
    const own = (await conversation(owner)).json().data.messages;
    expect(own.map((m: { body: string }) => m.body)).not.toContain('Mensaje de otra tienda');
    expect((await conversation(stranger)).json().data.messages).toHaveLength(1);
  });

  it('opens a single conversation when first messages arrive together', async () => {
    const { user } = await createTestMerchant(ctx, 'Tienda Concurrente');
    const answers = await Promise.all([1, 2, 3].map((n) => send(user, { body: `Mensaje ${n}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect((await conversation(user)).json().data.messages).toHaveLength(3);
  });

  it.each([
    ['es', { body: '   ' }, 'Este campo es obligatorio.'],
    ['en', {}, 'This field is required.'],
    ['es', { body: 'x'.repeat(2001) }, 'Escribe máximo 2000 caracteres.'],
    ['en', { body: 'x'.repeat(2001) }, 'Enter at most 2000 characters.'],
  ])(
    'rejects an invalid message (%s, %#) with a localized field message',
    async (language, body, message) => {
      const response = await send(owner, body, language);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { body: message },
      });
    },
  );

  it('accepts a message of exactly 2000 characters', async () => {
    expect((await send(owner, { body: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('answers 401 without a session and 403 for a user without an organization', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/support/conversation' });
    expect(anonymous.statusCode).toBe(401);
    const staff = await createTestUser(ctx, { isStaff: true });
    expect((await conversation(staff)).statusCode).toBe(403);
    expect((await send(staff, { body: 'Hola' })).statusCode).toBe(403);
  });
});
