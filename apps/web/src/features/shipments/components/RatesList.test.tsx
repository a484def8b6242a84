import type { RateView } from '@despacho/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { CHEAP, FAST, makeQuote } from '../create-test-data';
import { RatesList } from '../../../ui/RatesList';

function renderList(props: Partial<Parameters<typeof RatesList>[0]> = {}) {
  const quote = makeQuote();
  renderInApp(<RatesList rates={quote.rates} unavailable={quote.unavailable} {...props} />);
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('RatesList', () => {
  it('lists the rates cheapest first with their badges, transit, delivery date and total', () => {
    const onChoose = vi.fn<(rate: RateView) => void>();
    renderList({ onChoose, chooseLabel: 'Crear envío con esta tarifa' });

    const list = screen.getByRole('list', { name: 'Tarifas disponibles' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Estafeta Terrestre', 'DHL Express Express']);

    const cheap = card('Estafeta Terrestre');
    expect(within(cheap).getByText('Más barato')).toBeInTheDocument();
    expect(within(cheap).queryByText('Más rápido')).toBeNull();
    expect(within(cheap).getByText('Sandbox')).toBeInTheDocument();
    expect(within(cheap).getByText('3 a 5 días hábiles')).toBeInTheDocument();
    expect(within(cheap).getByText('Entrega estimada: 09/03/2026')).toBeInTheDocument();
    expect(within(cheap).getByTestId('rate-total').textContent).toBe('$191.40');

    const fast = card('DHL Express Express');
    expect(within(fast).getByText('Más rápido')).toBeInTheDocument();
    expect(within(fast).queryByText('Más barato')).toBeNull();
    expect(within(fast).getByText('1 día hábil')).toBeInTheDocument();

    fireEvent.click(
      within(fast).getByRole('button', {
        name: 'Crear envío con esta tarifa: DHL Express Express',
      }),
    );
    expect(onChoose).toHaveBeenCalledWith(FAST);
  });

  it('keeps each rate to one row: its breakdown and billable weight open on demand', () => {
    renderList();
    const fast = card('DHL Express Express');
    expect(within(fast).queryByRole('table')).toBeNull();
    expect(within(fast).queryByText(/Peso facturable/)).toBeNull();

    const toggle = within(fast).getByRole('button', { name: 'Ver desglose: DHL Express Express' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const breakdown = within(fast).getByRole('table', { name: 'Desglose de DHL Express Express' });
    const rows = within(breakdown)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Tarifa base$300.00',
      'Cargo por combustible$40.00',
      'Zona extendida$120.00',
      'IVA$73.60',
      'Total$533.60',
    ]);
    expect(within(fast).getByText('Peso facturable: 2 kg')).toBeInTheDocument();
    // The other rows stay closed.
    expect(within(card('Estafeta Terrestre')).queryByRole('table')).toBeNull();
  });

  it('lists the carriers without a rate with their reason', () => {
    renderList();
    const section = screen.getByRole('region', { name: 'Paqueterías sin tarifa' });
    expect(section.textContent).toContain(
      'Redpack: El paquete excede el peso máximo del servicio.',
    );
  });

  it('marks the chosen rate', () => {
    renderList({ onChoose: () => undefined, selectedId: CHEAP.id });
    const chosen = within(card('Estafeta Terrestre')).getByRole('button', {
      name: 'Tarifa elegida: Estafeta Terrestre',
    });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    const other = within(card('DHL Express Express')).getByRole('button', {
      name: 'Elegir esta tarifa: DHL Express Express',
    });
    expect(other.getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when no carrier has a rate, with a way to the carriers settings', () => {
    renderList({ rates: [], canOpenSettings: true });
    expect(screen.queryByRole('list', { name: 'Tarifas disponibles' })).toBeNull();
    expect(screen.getByText('No encontramos tarifas para este envío.')).toBeInTheDocument();
    expect(screen.getByText(/Revisa que los códigos postales sean correctos/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revisar mis paqueterías' }).getAttribute('href')).toBe(
      '/app/settings/carriers',
    );
    // The carriers that answered no rate are still explained.
    expect(screen.getByText(/Redpack: El paquete excede/)).toBeInTheDocument();
  });

  it('leaves the settings link out for users who cannot open them', () => {
    renderList({ rates: [], unavailable: [] });
    expect(screen.getByText('No encontramos tarifas para este envío.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Revisar mis paqueterías' })).toBeNull();
  });
});
