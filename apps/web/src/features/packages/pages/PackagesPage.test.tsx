import type { Package } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const box: Package = {
  id: '5f0c6a8e-2b1d-4c3e-9a7b-1c2d3e4f5a6b',
  name: 'Caja mediana',
  unit: 'cm_kg',
  length: 50,
  width: 40,
  height: 30,
  weight: 1.25,
  volumetric_weight: 12,
  sat_code: '24112700',
  is_default: true,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

const page = (data: Package[]) => ({
  data,
  meta: { page: 1, pageSize: 10, total: data.length },
  default_unit: 'cm_kg',
});

describe('packages', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists packages with their volumetric weight and creates one, checking fields first', async () => {
    const calls = stubApi({
      'GET /packages': () => json(200, page([box])),
      'POST /packages': (body) =>
        json(201, {
          data: { ...box, ...(body as object), id: crypto.randomUUID(), is_default: false },
        }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/packages');
    expect(screen.getByRole('heading', { level: 1, name: 'Empaques' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Empaques' });
    expect(within(table).getByText('50 × 40 × 30 cm')).toBeInTheDocument();
    expect(within(table).getByText('12 kg')).toBeInTheDocument();
    expect(within(table).getByText('24112700')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Agregar empaque' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Unidad de medida') as HTMLSelectElement).value).toBe(
      'cm_kg',
    );
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Sobre' } });
    fireEvent.change(within(dialog).getByLabelText('Largo (cm)'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Ancho (cm)'), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('Alto (cm)'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Peso (kg)'), { target: { value: '0.2' } });
    fireEvent.change(within(dialog).getByLabelText('Clave de producto SAT (Carta Porte)'), {
      target: { value: '99999999' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText(
        'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /packages')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Clave de producto SAT (Carta Porte)'), {
      target: { value: '44121500' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /packages')?.body).toEqual({
        name: 'Sobre',
        unit: 'cm_kg',
        length: 30,
        width: 25,
        height: 2,
        weight: 0.2,
        sat_code: '44121500',
        is_default: false,
      }),
    );
    expect(await screen.findByText('Empaque Sobre creado.')).toBeInTheDocument();
  });
});
