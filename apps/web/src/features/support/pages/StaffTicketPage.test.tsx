import type { StaffTicket, StaffTicketSummary } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const HOUR_MS = 3_600_000;

const SUMMARY: StaffTicketSummary = {
  id: '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 42,
  title: 'Mi guía no avanza',
  category: 'shipment',
  status: 'opened',
  link: null,
  previous_ticket_id: null,
  merged_into_id: null,
  created_at: '2026-03-02T16:00:00.000Z',
  first_response_at: null,
  closed_at: null,
  last_activity_at: '2026-03-02T16:00:00.000Z',
  rating: null,
  organization_id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60',
  organization_name: 'Comercial Jade',
  assignee: null,
  waiting_on: 'staff',
  first_response: { business_ms: 5 * HOUR_MS, target_ms: 4 * HOUR_MS, state: 'late', done: false },
  resolution: { business_ms: 5 * HOUR_MS, target_ms: 27 * HOUR_MS, state: 'on_time', done: false },
};

const TICKET: StaffTicket = {
  ...SUMMARY,
  closed_by: null,
  close_reason: null,
  rating_comment: null,
  messages: [
    {
      id: '2a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      author_kind: 'merchant',
      author_name: 'Ana',
      body: 'Lleva tres días sin moverse.',
      created_at: '2026-03-02T16:00:00.000Z',
      attachments: [],
      internal: false,
    },
    {
      id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      author_kind: 'staff',
      author_name: 'Luis',
      body: 'Revisar con Estafeta',
      created_at: '2026-03-02T17:00:00.000Z',
      attachments: [],
      internal: true,
    },
  ],
};

describe('/staff/tickets', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the queue with each target as on time or late and the average rating', async () => {
    stubApi({
      'GET /staff/tickets': () =>
        json(200, {
          data: [SUMMARY],
          meta: { page: 1, pageSize: 20, total: 1 },
          average_rating: 4.5,
        }),
      'GET /staff/canned-replies': () => json(200, { data: [] }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/tickets');
    const row = (await screen.findByText('#42')).closest('tr')!;
    expect(within(row).getByText('Comercial Jade')).toBeInTheDocument();
    expect(within(row).getByText('Tarde')).toBeInTheDocument();
    expect(within(row).getByText('A tiempo')).toBeInTheDocument();
    expect(within(row).getByText('5 h 00 min de 4 h 00 min')).toBeInTheDocument();
    expect(screen.getByText('Calificación promedio: 4.5 de 5')).toBeInTheDocument();
  }, 15_000);

  it('marks internal notes and sends a note as internal', async () => {
    const calls = stubApi({
      [`GET /staff/tickets/${TICKET.id}`]: () => json(200, { data: TICKET }),
      'GET /staff/support-agents': () => json(200, { data: [] }),
      'GET /staff/canned-replies': () =>
        json(200, {
          data: [
            { id: '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', title: 'Saludo', body: 'Hola, gracias.' },
          ],
        }),
      [`POST /staff/tickets/${TICKET.id}/messages`]: () =>
        json(201, { data: { ...TICKET.messages[1]!, id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b' } }),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp(`/staff/tickets/${TICKET.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket 42' })).toBeInTheDocument();
    const note = screen.getByText('Revisar con Estafeta').closest('li')!;
    expect(within(note).getByText('Nota interna')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Nota interna (el comercio no la ve)'));
    fireEvent.change(screen.getByLabelText('Respuesta'), { target: { value: 'Llamé a Estafeta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/messages'))?.body).toEqual({
        body: 'Llamé a Estafeta',
        internal: true,
      }),
    );
  }, 15_000);
});
