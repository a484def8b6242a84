import { CLASSIFICATION_STATUSES } from '@despacho/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { item, page, REQUEST_ID, RESULT, summary, summaryItem } from '../test-data';

const ES = {
  UNCLASSIFIED: 'Sin clasificar',
  PROCESS_CLASSIFICATION: 'En cola (pagada)',
  IN_CLASSIFICATION: 'En clasificación',
  IN_REVIEW: 'En revisión',
  CLASSIFIED: 'Clasificado',
  REJECT: 'Rechazado: falta información',
  NOT_CLASSIFIABLE: 'No clasificable',
};
const EN = {
  UNCLASSIFIED: 'Unclassified',
  PROCESS_CLASSIFICATION: 'Queued (paid)',
  IN_CLASSIFICATION: 'In classification',
  IN_REVIEW: 'In review',
  CLASSIFIED: 'Classified',
  REJECT: 'Rejected: information missing',
  NOT_CLASSIFIABLE: 'Not classifiable',
};

/** One product per tariff status (spec §4), the classified one with its code. */
const ALL = summary(
  CLASSIFICATION_STATUSES.map((status, index) =>
    summaryItem(
      `9${index}1a2b3c-4d5e-4f6a-8b7c-8d9e0f1a2b3c`,
      `Producto ${index + 1}`,
      status,
      status === 'CLASSIFIED' ? '6109100100' : null,
    ),
  ),
);

describe('tariff-classification', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('shows every tariff status in es and en, and links a classified product to its result', async () => {
    stubApi({ 'GET /tariff-classifications': () => page([ALL]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/tariff-classification');
    const row = (await screen.findByRole('link', { name: 'Solicitud 7' })).closest('tr')!;
    for (const status of CLASSIFICATION_STATUSES) {
      expect(within(row).getByText(ES[status])).toBeInTheDocument();
    }
    const result = within(row).getByRole('link', {
      name: '6109.10.01.00: resultado de Producto 5',
    });
    expect(result).toHaveTextContent('6109.10.01.00');
    expect(result.getAttribute('href')).toMatch(
      new RegExp(`/app/tariff-classification/create/${REQUEST_ID}#item-`),
    );
    expect(within(row).getByText('13/03/2026')).toBeInTheDocument();

    await setLanguage('en');
    for (const status of CLASSIFICATION_STATUSES) {
      expect(await within(row).findByText(EN[status])).toBeInTheDocument();
    }
  });

  it('asks the API for the status picked', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /tariff-classifications': (_body, url) => {
        urls.push(url);
        return page([]);
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/tariff-classification?status=REJECT');
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('REJECT'));
    expect(
      await screen.findByText('Ninguna solicitud coincide con la búsqueda o el estado.'),
    ).toBeInTheDocument();
  });

  it('shows a classified product’s result and a rejected one’s reason with the form to resubmit', async () => {
    const classified = item({
      status: 'CLASSIFIED',
      result: RESULT,
      fee: { ...item().fee, state: 'captured' },
    });
    const rejected = item({
      id: '7e1f2a3b-6c7d-4e8f-9a0b-1c2d3e4f5a6c',
      product: { ...item().product, name: 'Taza' },
      status: 'REJECT',
      reject_reason: 'Falta la composición de la pieza',
      can_resubmit: true,
    });
    const calls = stubApi({
      [`GET /tariff-classifications/${REQUEST_ID}`]: () =>
        json(200, {
          data: { ...summary([]), items: [classified, rejected] },
        }),
      [`POST /tariff-classifications/${REQUEST_ID}/items/${rejected.id}/resubmit`]: () =>
        json(200, { data: { ...rejected, status: 'PROCESS_CLASSIFICATION', can_resubmit: false } }),
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp(`/app/tariff-classification/create/${REQUEST_ID}`);
    const shirt = await screen.findByRole('region', { name: 'Camiseta Jade' });
    expect(within(shirt).getByTestId('result-code')).toHaveTextContent('6109.10.01.00');
    expect(within(shirt).getByText('Pieza (06)')).toBeInTheDocument();
    expect(within(shirt).getByText('35 % ad valorem')).toBeInTheDocument();
    expect(within(shirt).getByText('Exento')).toBeInTheDocument();
    expect(within(shirt).getByText('NOM-004-SE-2021')).toBeInTheDocument();
    expect(
      within(shirt).getByRole('button', { name: 'Descargar dictamen (PDF)' }),
    ).toBeInTheDocument();

    const mug = screen.getByRole('region', { name: 'Taza' });
    expect(within(mug).getByText('Falta la composición de la pieza')).toBeInTheDocument();
    expect(within(mug).queryByRole('button', { name: 'Descargar dictamen (PDF)' })).toBeNull();
    within(mug).getByRole('button', { name: 'Reenviar a clasificación' }).click();
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/resubmit'))?.body).toEqual({
        description: 'Camiseta de manga corta',
        materials: 'Algodón 100 %',
        use: 'Prenda de vestir',
        origin_country: 'MEX',
      }),
    );
  });
});
