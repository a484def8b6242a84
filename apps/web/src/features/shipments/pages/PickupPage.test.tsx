import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, shippingOnlyUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import {
  apiError,
  FAILED_ID,
  GUIDE_ID,
  makePickup,
  makeSummary,
  ORIGIN_ID,
  OTHER_GUIDE_ID,
  OTHER_ORIGIN_ID,
  page,
} from '../follow-up-test-data';

const FIRST = makeSummary();
const SECOND = makeSummary({ id: OTHER_GUIDE_ID, tracking_number: '8055241528464720099400' });
const FEDEX = makeSummary({
  id: FAILED_ID,
  tracking_number: '794612345678',
  carrier_key: 'fedex',
  carrier_name: 'FedEx',
  service_name: 'Standard Overnight',
  location_id: OTHER_ORIGIN_ID,
  origin_name: 'Sucursal Sur',
  origin_zip: '04500',
});
const DAYS = [
  {
    date: '2026-03-04',
    windows: [
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '18:00' },
    ],
  },
  { date: '2026-03-05', windows: [{ start: '13:00', end: '18:00' }] },
];
const NO_DAYS = 'No hay días hábiles disponibles para la recolección, intenta más tarde.';
const NO_SCHEDULES = 'No hay horarios disponibles.';

const ESTAFETA_GROUP = 'Estafeta, Origen: Bodega Centro · C.P. 06700';
const FEDEX_GROUP = 'FedEx, Origen: Sucursal Sur · C.P. 04500';

function stubPickups(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /shipments': (_body, url) =>
      url.searchParams.get('tab') === 'pickup_pending' ? page([FIRST, SECOND, FEDEX]) : page([]),
    'GET /pickups': () => page([makePickup()]),
    'GET /pickups/availability': () => json(200, { data: DAYS }),
    ...overrides,
  });
}

const group = (name: string) => screen.getByRole('region', { name });

describe('pickup', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('groups guides by carrier and origin and books a pickup for those chosen', async () => {
    const availability: URL[] = [];
    const calls = stubPickups({
      'GET /pickups/availability': (_body, url) => {
        availability.push(url);
        return json(200, { data: DAYS });
      },
      'POST /pickups': (body) => {
        const { date, start, end } = body as { date: string; start: string; end: string };
        return json(201, {
          data: makePickup({ confirmation_number: 'EST-PU-9001', date, start, end }),
        });
      },
    });
    saveSession(makeSession({ user: shippingOnlyUser() }), 'SESSION');
    await renderApp('/app/pickup');
    expect(screen.getByRole('heading', { level: 1, name: 'Recolección' })).toBeInTheDocument();

    await screen.findByRole('region', { name: ESTAFETA_GROUP });
    expect(within(group(ESTAFETA_GROUP)).getByText('2 guías')).toBeInTheDocument();
    expect(within(group(FEDEX_GROUP)).getByText('794612345678')).toBeInTheDocument();

    // Choosing a guide of another carrier starts the selection over there.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar la guía 794612345678' }));
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Seleccionar todas las guías de Estafeta' }),
    );
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'Seleccionar la guía 794612345678',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);

    const estafeta = group(ESTAFETA_GROUP);
    fireEvent.click(await within(estafeta).findByRole('radio', { name: 'jueves 05/03/2026' }));
    expect(Object.fromEntries(availability.at(-1)!.searchParams)).toEqual({
      carrier: 'estafeta',
      location_id: ORIGIN_ID,
    });
    const submit = within(estafeta).getByRole('button', {
      name: 'Solicitar recolección de 2 guías',
    }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(estafeta).getByRole('radio', { name: '13:00 – 18:00' }));
    fireEvent.click(submit);

    expect(
      await screen.findByText(
        'Estafeta confirmó la recolección EST-PU-9001 para el 05/03/2026, de 13:00 a 18:00.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /pickups')?.body).toEqual({
      shipment_ids: [GUIDE_ID, OTHER_GUIDE_ID],
      date: '2026-03-05',
      start: '13:00',
      end: '18:00',
    });
    // The guides and the pickups are read again.
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /pickups').length).toBeGreaterThan(1),
    );

    const pickups = screen.getByRole('table', { name: 'Recolecciones' });
    const row = within(pickups).getByText('EST-PU-4821').closest('tr')!;
    expect(within(row).getByText('04/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('09:00 – 13:00')).toBeInTheDocument();
    expect(within(row).getByText('Estafeta')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('3.5 kg')).toBeInTheDocument();
    expect(within(row).getByText('Solicitada')).toBeInTheDocument();
  }, 30_000);

  it('says so when the carrier has no business days to offer', async () => {
    const calls = stubPickups({
      'GET /pickups/availability': () =>
        apiError(
          409,
          'PICKUP_NO_BUSINESS_DAYS',
          'No hay días hábiles disponibles para la recolección, inténtalo más tarde.',
        ),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/pickup');
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'Seleccionar la guía 794612345678' }),
    );
    expect(await screen.findByText(NO_DAYS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Solicitar recolección de/ })).toBeNull();
    expect(calls.some((call) => call.key === 'POST /pickups')).toBe(false);
  }, 30_000);

  it('says so when a day, or the carrier at request time, has no time range left', async () => {
    stubPickups({
      'GET /pickups/availability': () =>
        json(200, { data: [DAYS[0], { date: '2026-03-05', windows: [] }] }),
      'POST /pickups': () => apiError(409, 'PICKUP_NO_SCHEDULES', NO_SCHEDULES),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/pickup');
    fireEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Seleccionar la guía 8055241528464720099314',
      }),
    );
    const estafeta = group(ESTAFETA_GROUP);
    fireEvent.click(await within(estafeta).findByRole('radio', { name: 'jueves 05/03/2026' }));
    expect(within(estafeta).getByText(NO_SCHEDULES)).toBeInTheDocument();
    expect(within(estafeta).queryByRole('radio', { name: '13:00 – 18:00' })).toBeNull();

    fireEvent.click(within(estafeta).getByRole('radio', { name: 'miércoles 04/03/2026' }));
    expect(within(estafeta).queryByText(NO_SCHEDULES)).toBeNull();
    fireEvent.click(within(estafeta).getByRole('radio', { name: '09:00 – 13:00' }));
    fireEvent.click(
      within(estafeta).getByRole('button', { name: 'Solicitar recolección de 1 guía' }),
    );
    expect(await within(estafeta).findByText(NO_SCHEDULES)).toBeInTheDocument();
  }, 30_000);

  describe('a requested pickup', () => {
    const PICKUP = makePickup();
    const CANCEL = `POST /pickups/${PICKUP.id}/cancel`;
    const RESCHEDULE = `POST /pickups/${PICKUP.id}/reschedule`;
    const row = async (confirmation: string) =>
      (await screen.findByText(confirmation)).closest('tr')!;

    it('is cancelled after a confirmation; a cancelled one shows as such, with no packages nor actions', async () => {
      const calls = stubPickups({
        'GET /pickups': () =>
          page([
            PICKUP,
            makePickup({
              id: OTHER_GUIDE_ID,
              confirmation_number: 'EST-PU-1000',
              status: 'cancelled',
              changeable: false,
              package_count: 0,
              weight_kg: 0,
              cancelled_at: '2026-03-03T16:00:00.000Z',
            }),
          ]),
        [CANCEL]: () => json(200, { data: makePickup({ status: 'cancelled', changeable: false }) }),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/pickup');

      const cancelled = await row('EST-PU-1000');
      expect(within(cancelled).getByText('Cancelada')).toBeInTheDocument();
      expect(within(cancelled).getAllByText('—')).toHaveLength(2);
      expect(within(cancelled).queryByRole('button')).toBeNull();

      const requested = await row('EST-PU-4821');
      expect(within(requested).getByText('Solicitada')).toBeInTheDocument();
      // Keeping it asks nothing of the carrier.
      fireEvent.click(
        within(requested).getByRole('button', { name: 'Cancelar la recolección EST-PU-4821' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: '¿Cancelar la recolección EST-PU-4821?',
      });
      expect(
        within(dialog).getByText(
          'Pediremos a Estafeta que no pase el 04/03/2026 de 09:00 a 13:00. Sus guías volverán a «Guías por recolectar» para que les programes otra recolección.',
        ),
      ).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'No, conservarla' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.some((call) => call.key === CANCEL)).toBe(false);

      fireEvent.click(
        within(requested).getByRole('button', { name: 'Cancelar la recolección EST-PU-4821' }),
      );
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Sí, cancelar recolección',
        }),
      );
      expect(
        await screen.findByText(
          'Estafeta canceló la recolección EST-PU-4821 del 04/03/2026. Sus guías están de nuevo en «Guías por recolectar».',
        ),
      ).toBeInTheDocument();
      expect(calls.filter((call) => call.key === CANCEL)).toHaveLength(1);
      // The pickups and the guides waiting for one are read again.
      await waitFor(() =>
        expect(calls.filter((call) => call.key === 'GET /pickups').length).toBeGreaterThan(1),
      );
    }, 30_000);

    it('tells why the carrier or the rules refused the cancellation', async () => {
      const CUTOFF =
        'Ya pasó la hora límite (12:00) del día de la recolección; ya no puede cancelarse ni reprogramarse.';
      stubPickups({
        [CANCEL]: () => apiError(409, 'PICKUP_CHANGE_CUTOFF_PASSED', CUTOFF),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/pickup');
      fireEvent.click(
        within(await row('EST-PU-4821')).getByRole('button', {
          name: 'Cancelar la recolección EST-PU-4821',
        }),
      );
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Sí, cancelar recolección',
        }),
      );
      expect(await screen.findByText(CUTOFF)).toBeInTheDocument();
      expect(screen.getByText('No se pudo cambiar la recolección')).toBeInTheDocument();
    }, 30_000);

    it('is rescheduled to a business day and window the carrier offers', async () => {
      const availability: URL[] = [];
      const calls = stubPickups({
        'GET /pickups/availability': (_body, url) => {
          availability.push(url);
          return json(200, { data: DAYS });
        },
        [RESCHEDULE]: (body) =>
          json(200, {
            data: makePickup({
              ...(body as object),
              rescheduled_at: '2026-03-03T16:00:00.000Z',
            }),
          }),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/pickup');
      fireEvent.click(
        within(await row('EST-PU-4821')).getByRole('button', {
          name: 'Reprogramar la recolección EST-PU-4821',
        }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Reprogramar la recolección EST-PU-4821',
      });
      fireEvent.click(await within(dialog).findByRole('radio', { name: 'jueves 05/03/2026' }));
      expect(Object.fromEntries(availability.at(-1)!.searchParams)).toEqual({
        carrier: 'estafeta',
        location_id: ORIGIN_ID,
      });
      const submit = within(dialog).getByRole('button', {
        name: 'Reprogramar recolección',
      }) as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      fireEvent.click(within(dialog).getByRole('radio', { name: '13:00 – 18:00' }));
      fireEvent.click(submit);

      expect(
        await screen.findByText(
          'Estafeta reprogramó la recolección EST-PU-4821 para el 05/03/2026, de 13:00 a 18:00.',
        ),
      ).toBeInTheDocument();
      expect(calls.find((call) => call.key === RESCHEDULE)?.body).toEqual({
        date: '2026-03-05',
        start: '13:00',
        end: '18:00',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }, 30_000);

    it('offers no change once it may no longer change', async () => {
      stubPickups({
        'GET /pickups': () =>
          page([
            makePickup({ changeable: false }),
            makePickup({
              id: OTHER_GUIDE_ID,
              confirmation_number: 'EST-PU-2000',
              status: 'collected',
              changeable: false,
            }),
          ]),
      });
      saveSession(makeSession(), 'SESSION');
      await renderApp('/app/pickup');
      for (const confirmation of ['EST-PU-4821', 'EST-PU-2000']) {
        expect(within(await row(confirmation)).queryByRole('button')).toBeNull();
      }
    }, 30_000);
  });
});
