import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { DUTY_RATE, EXCHANGE_RATE, page } from '../test-data';

const ENDED = {
  ...DUTY_RATE,
  id: 'd3e4f5a6-b7c8-4d9e-8f1a-2b3c4d5e6f70',
  label: 'Tasa 2025',
  effective_from: '2025-01-01',
  effective_to: '2025-12-31',
};

function stubTables(answers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /staff/international/duty-rates': () => page([DUTY_RATE, ENDED]),
    'GET /staff/international/exchange-rates': () => page([EXCHANGE_RATE]),
    ...answers,
  });
}

async function open() {
  saveSession(makeSession({ user: staffUser() }), 'SESSION');
  await renderApp('/staff/international/rates');
  return screen.findByRole('table', { name: 'Tasas por rango de valor' });
}

describe('/staff/international/rates', () => {
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the bands with their range, rate and validity, and the exchange rates', async () => {
    stubTables();
    const table = await open();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('T-MEC 50.01–117 USD');
    expect(rows[1]).toHaveTextContent('Importación · Estados Unidos');
    expect(rows[1]).toHaveTextContent('USD 50.01 a USD 117.00');
    expect(rows[1]).toHaveTextContent('17 %');
    expect(rows[1]).toHaveTextContent('Desde 01/01/2026');
    expect(rows[1]).toHaveTextContent('Vigente');
    expect(rows[2]).toHaveTextContent('01/01/2025 a 31/12/2025');
    expect(rows[2]).toHaveTextContent('Terminada');
    // An ended row cannot be ended again.
    expect(within(rows[2]!).queryByRole('button', { name: /Terminar vigencia/ })).toBeNull();
    const exchange = screen.getByRole('table', { name: 'Tipo de cambio USD → MXN' });
    expect(exchange).toHaveTextContent('18.2500');
    expect(exchange).toHaveTextContent('01/03/2026');
  });

  it('asks only the rows in force today when told', async () => {
    const asked: string[] = [];
    stubTables({
      'GET /staff/international/duty-rates': (_body, url) => {
        asked.push(url.search);
        return page([DUTY_RATE]);
      },
    });
    await open();
    expect(asked.at(-1)).not.toMatch(/on=/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo vigentes hoy' }));
    await waitFor(() => expect(asked.at(-1)).toMatch(/[?&]on=\d{4}-\d{2}-\d{2}/));
  });

  it('ends a band’s validity by saving it whole with its last day', async () => {
    const calls = stubTables({
      [`PUT /staff/international/duty-rates/${DUTY_RATE.id}`]: (body) =>
        json(200, {
          data: { ...DUTY_RATE, effective_to: (body as { effective_to: string }).effective_to },
        }),
    });
    const table = await open();
    fireEvent.click(
      within(table).getByRole('button', { name: 'Terminar vigencia de T-MEC 50.01–117 USD' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Terminar vigencia' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminar vigencia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.key.startsWith('PUT'));
    expect(put?.body).toEqual({
      direction: 'import',
      country: 'US',
      min_value_usd: '50.01',
      max_value_usd: '117.00',
      rate_percent: '17',
      label: 'T-MEC 50.01–117 USD',
      source: 'RGCE 3.7.35',
      effective_from: '2026-01-01',
      effective_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('adds a band checked with the shared schema', async () => {
    const calls = stubTables({
      'POST /staff/international/duty-rates': () => json(201, { data: DUTY_RATE }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar tasa' }));
    const drawer = await screen.findByRole('dialog', { name: 'Agregar tasa' });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Tasa \(%\)/ }), {
      target: { value: '150' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar tasa' }));
    expect(
      await within(drawer).findByText('Escribe un porcentaje de 0 a 100 con hasta 2 decimales.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Tasa \(%\)/ }), {
      target: { value: '33.5' },
    });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Nombre/ }), {
      target: { value: 'Sin tratado' },
    });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Fuente/ }), {
      target: { value: 'RGCE 3.7.35' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar tasa' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('POST'))).toBe(true));
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toMatchObject({
      direction: 'import',
      country: '*',
      min_value_usd: '0.00',
      rate_percent: '33.5',
      label: 'Sin tratado',
    });
  });
});
