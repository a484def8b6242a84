import type { Ticket } from '@despacho/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const TICKET: Ticket = {
  id: '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 42,
  title: 'Mi guía no avanza',
  category: 'shipment',
  status: 'in_progress',
  link: { kind: 'shipment', id: '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b' },
  previous_ticket_id: null,
  merged_into_id: null,
  created_at: '2026-03-02T16:00:00.000Z',
  first_response_at: '2026-03-02T17:00:00.000Z',
  closed_at: null,
  last_activity_at: '2026-03-02T17:00:00.000Z',
  rating: null,
  closed_by: null,
  close_reason: null,
  rating_comment: null,
  can_reopen: false,
  messages: [
    {
      id: '2a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      author_kind: 'merchant',
      author_name: 'Ana',
      body: 'Lleva tres días sin moverse.',
      created_at: '2026-03-02T16:00:00.000Z',
      attachments: [
        { id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b', name: 'foto.png', kind: 'png', size: 3 },
      ],
    },
    {
      id: '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
      author_kind: 'staff',
      author_name: '',
      body: 'Ya levantamos el reporte con la paquetería.',
      created_at: '2026-03-02T17:00:00.000Z',
      attachments: [],
    },
  ],
};

describe('support/ticket/{id}', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the conversation, its files, the linked guide and dates, and sends a reply', async () => {
    const calls = stubApi({
      [`GET /support/tickets/${TICKET.id}`]: () => json(200, { data: TICKET }),
      [`POST /support/tickets/${TICKET.id}/messages`]: () =>
        json(201, {
          data: {
            ...TICKET.messages[0]!,
            id: '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
            attachments: [],
          },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/support/ticket/${TICKET.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket 42' })).toBeInTheDocument();
    expect(screen.getByText('En proceso')).toBeInTheDocument();
    expect(screen.getByText('Primera respuesta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Guía' })).toHaveAttribute(
      'href',
      `/app/shippings/${TICKET.link!.id}`,
    );
    expect(screen.getByText('Ya levantamos el reporte con la paquetería.')).toBeInTheDocument();
    expect(screen.getByText('Equipo de Despacho')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'foto.png' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Tu respuesta'), { target: { value: 'Gracias' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/messages'))?.body).toEqual({
        body: 'Gracias',
      }),
    );
  }, 15_000);

  it('asks for a rating once closed, and offers a new linked ticket after the reopen window', async () => {
    const closed: Ticket = {
      ...TICKET,
      status: 'closed',
      closed_at: '2026-03-03T17:00:00.000Z',
      closed_by: 'staff',
      close_reason: 'La paquetería entregó',
    };
    const calls = stubApi({
      [`GET /support/tickets/${TICKET.id}`]: () => json(200, { data: closed }),
      [`POST /support/tickets/${TICKET.id}/rating`]: () =>
        json(200, { data: { ...closed, rating: 5 } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/support/ticket/${TICKET.id}`);
    expect(await screen.findByText(/Motivo: La paquetería entregó/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Tu respuesta')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Abrir un ticket nuevo ligado a este' }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/rating'))?.body).toMatchObject({ rating: 5 }),
    );
  }, 15_000);
});
