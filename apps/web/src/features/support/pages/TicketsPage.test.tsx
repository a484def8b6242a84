import type { Ticket, TicketSummary } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const SUMMARY: TicketSummary = {
  id: '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  number: 42,
  title: 'Mi guía no avanza',
  category: 'shipment',
  status: 'in_progress',
  link: null,
  previous_ticket_id: null,
  merged_into_id: null,
  created_at: '2026-03-02T16:00:00.000Z',
  first_response_at: '2026-03-02T17:00:00.000Z',
  closed_at: null,
  last_activity_at: '2026-03-02T17:00:00.000Z',
  rating: null,
};

const page = (rows: TicketSummary[]) =>
  json(200, { data: rows, meta: { page: 1, pageSize: 20, total: rows.length } });

describe('support/tickets', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the tickets and filters them by status tab and category on the server', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /support/tickets': (_body, url) => {
        urls.push(url);
        return page([SUMMARY]);
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/support/tickets');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tickets de soporte' }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('#42')).closest('tr')!;
    expect(within(row).getByText('En proceso')).toBeInTheDocument();
    expect(within(row).getByText('Envío')).toBeInTheDocument();
    expect(within(row).getByText('Mi guía no avanza')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Cerrado' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('closed'));
    expect(urls.at(-1)?.searchParams.get('pageSize')).toBe('20');
  }, 15_000);

  it.each([
    ['sends its file onto the first message', 201],
    ['still opens it when the file is refused, saying why', 415],
  ] as const)(
    'opens a ticket with its category and %s',
    async (_name, uploadStatus) => {
      const opened: Ticket = {
        ...SUMMARY,
        status: 'opened',
        first_response_at: null,
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
            attachments: [],
          },
        ],
      };
      const calls = stubApi({
        'GET /support/tickets': () => page([]),
        'POST /support/tickets': () => json(201, { data: opened }),
        [`POST /support/tickets/${opened.id}/messages/${opened.messages[0]!.id}/attachments`]:
          () =>
            uploadStatus === 415
              ? json(415, {
                  error: {
                    code: 'FILE_TYPE_NOT_ALLOWED',
                    message:
                      'Este tipo de archivo no está permitido. Sube un archivo PDF, JPEG, PNG.',
                  },
                })
              : json(201, {
                  data: {
                    id: '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
                    name: 'foto.png',
                    kind: 'png',
                    size: 3,
                  },
                }),
        [`GET /support/tickets/${opened.id}`]: () => json(200, { data: opened }),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/support/tickets');
      fireEvent.click(await screen.findByRole('button', { name: 'Abrir ticket' }));
      const dialog = await screen.findByRole('dialog', { name: 'Abrir ticket' });
      fireEvent.change(within(dialog).getByLabelText('Título'), {
        target: { value: 'Mi guía no avanza' },
      });
      fireEvent.change(within(dialog).getByLabelText('Categoría'), {
        target: { value: 'shipment' },
      });
      fireEvent.change(within(dialog).getByLabelText('Descripción'), {
        target: { value: 'Lleva tres días sin moverse.' },
      });
      const photo = new File([new Uint8Array([0x89, 0x50, 0x4e])], 'foto.png', {
        type: 'image/png',
      });
      const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [photo] } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Abrir ticket' }));

      await waitFor(() =>
        expect(calls.some((call) => call.key.endsWith('/attachments'))).toBe(true),
      );
      expect(calls.find((call) => call.key === 'POST /support/tickets')?.body).toEqual({
        title: 'Mi guía no avanza',
        category: 'shipment',
        description: 'Lleva tres días sin moverse.',
      });
      const upload = calls.find((call) => call.key.endsWith('/attachments'))!.body as FormData;
      expect((upload.get('file') as File).name).toBe('foto.png');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Ticket 42' }),
      ).toBeInTheDocument();
      const refused = screen.queryByText(
        'Este tipo de archivo no está permitido. Sube un archivo PDF, JPEG, PNG.',
      );
      expect(refused !== null).toBe(uploadStatus === 415);
      expect(calls.filter((call) => call.key === 'POST /support/tickets')).toHaveLength(1);
    },
    20_000,
  );
});
