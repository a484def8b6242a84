import { regimesFor, satCatalogs, type TaxInfo } from '@despacho/domain';
import { SAT_TEST_COMPANY } from '@despacho/domain/accounts/tax.examples';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { SESSION_KEY } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeRecord } from '../../../test/fixtures';
import { TaxInfoSection } from './TaxInfoSection';

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
/** The codes a select offers, without its empty "choose" entry. */
const offered = (name: string) =>
  within(select(name))
    .getAllByRole<HTMLOptionElement>('option')
    .map((option) => option.value)
    .filter(Boolean);
const codes = (rows: readonly { code: string }[]) => rows.map((row) => row.code);
const choose = (name: string, value: string) =>
  fireEvent.change(select(name), { target: { value } });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

function renderSection(saved: TaxInfo | null = null, answers = {}) {
  const calls = stubApi({
    'GET /catalogs/sat': () => json(200, { data: satCatalogs('es') }),
    'GET /organization/tax-info': () => json(200, { data: saved }),
    ...answers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <TaxInfoSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

beforeEach(() => localStorage.setItem(SESSION_KEY, JSON.stringify(makeRecord())));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('tax information form', () => {
  it('offers regimes only for the type of person, and CFDI uses only for the regime', async () => {
    renderSection();
    await screen.findByRole('heading', { name: 'Información fiscal' });
    expect(select('Régimen fiscal').disabled).toBe(true);
    expect(select('Uso del CFDI').disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Persona moral' }));
    await waitFor(() => expect(select('Régimen fiscal').disabled).toBe(false));
    expect(offered('Régimen fiscal')).toEqual(codes(regimesFor('moral')));
    choose('Régimen fiscal', '601');
    await waitFor(() => expect(select('Uso del CFDI').disabled).toBe(false));
    expect(offered('Uso del CFDI')).toContain('G03');
    expect(offered('Uso del CFDI')).not.toContain('D01');
    expect(offered('Uso del CFDI')).not.toContain('CN01');
    choose('Uso del CFDI', 'G03');

    // Another type of person clears what no longer applies.
    fireEvent.click(screen.getByRole('radio', { name: 'Persona física' }));
    await waitFor(() => expect(select('Régimen fiscal').value).toBe(''));
    expect(offered('Régimen fiscal')).toContain('612');
    expect(offered('Régimen fiscal')).not.toContain('601');
    expect(select('Uso del CFDI').disabled).toBe(true);
    choose('Régimen fiscal', '605');
    await waitFor(() =>
      expect(offered('Uso del CFDI')).toEqual([
        'D01',
        'D02',
        'D03',
        'D04',
        'D05',
        'D06',
        'D07',
        'D08',
        'D09',
        'D10',
        'S01',
        'CP01',
        'CN01',
      ]),
    );
  });

  it('takes the type of person from the RFC and narrows a generic RFC to 616 and S01', async () => {
    renderSection();
    await screen.findByRole('heading', { name: 'Información fiscal' });
    type('RFC', 'eku9003173c9');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Persona moral' }).checked).toBe(
        true,
      ),
    );

    type('RFC', 'XAXX010101000');
    await waitFor(() => expect(select('Régimen fiscal').value).toBe('616'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Persona física' }).checked).toBe(
      true,
    );
    expect(offered('Régimen fiscal')).toEqual(['616']);
    await waitFor(() => expect(select('Uso del CFDI').value).toBe('S01'));
    expect(screen.getByText('RFC genérico: Público en general (sin RFC)')).toBeInTheDocument();
  });

  it('checks the RFC before sending, and shows the server field errors under the inputs', async () => {
    const saved: TaxInfo = {
      ...SAT_TEST_COMPANY,
      legal_name: 'ESCUELA KEMPER URGATE',
      tax_id: 'EKU9003173C9',
      updated_at: '2026-03-02T16:00:00.000Z',
    };
    const message = 'Este régimen fiscal no aplica para el tipo de persona elegido.';
    const calls = renderSection(saved, {
      'PUT /organization/tax-info': () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Revisa los datos marcados.',
            fields: { tax_regime: message },
          },
        }),
    });
    await screen.findByRole('heading', { name: 'Información fiscal' });
    expect(select('Régimen fiscal').value).toBe('601');
    expect(select('Uso del CFDI').value).toBe('G03');

    type('RFC', 'EKU9003173C8');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar información fiscal' }));
    expect(
      await screen.findByText(/dígito verificador del RFC no es correcto/),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toHaveLength(0);

    type('RFC', 'EKU9003173C9');
    type('Nombre o razón social', 'escuela kemper urgate');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar información fiscal' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Revisa los datos marcados.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PUT /organization/tax-info')?.body).toEqual({
      ...saved,
      updated_at: undefined,
    });
  });
});
