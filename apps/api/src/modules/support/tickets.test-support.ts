import { expect } from 'vitest';
import { multipart, sampleFiles } from '../../../test/multipart';
import type { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** Uploads one file onto a ticket's message, as merchant (`/support`) or staff (`/staff`). */
export function uploadAttachment(
  ctx: Ctx,
  user: TestUser,
  url: string,
  file: { name: string; content: Buffer; type?: string },
  language = 'es',
) {
  const form = multipart(file);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: form.payload,
    headers: user.headers({ ...form.headers, 'x-language': language }),
  });
}

/** A ticket of the merchant's organization, with a photo on its first message. */
export async function createTenantTicket(ctx: Ctx, owner: TestUser) {
  const opened = await callAs(ctx.app, owner, 'POST', '/support/tickets', {
    title: 'Mi guía no avanza',
    category: 'shipment',
    description: 'La guía lleva tres días sin movimiento.',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const ticket = opened.json().data as { id: string; messages: { id: string }[] };
  const messageId = ticket.messages[0]!.id;
  const attached = await uploadAttachment(
    ctx,
    owner,
    `/support/tickets/${ticket.id}/messages/${messageId}/attachments`,
    { name: 'foto.png', content: sampleFiles.png(), type: 'image/png' },
  );
  expect(attached.statusCode, attached.body).toBe(201);
  return {
    ticketId: ticket.id,
    ticketMessageId: messageId,
    ticketAttachmentId: (attached.json().data as { id: string }).id,
  };
}
