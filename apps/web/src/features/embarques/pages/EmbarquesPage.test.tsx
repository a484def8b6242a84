import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { embarque, page } from '../test-data';

describe('my-shipments', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await setLanguage('es');
  });

  it('lists each embarque with its supplier, route, step, money state and what is owed, in es and en', async () => {
    const { organization: _, ...summary } = embarque();
    stubApi({ 'GET /embarques': () => page([summary]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/my-shipments');
    const row = (await screen.findByRole('link', { name: 'EMB-000007' })).closest('tr')!;
    expect(within(row).getByText('OC-2026-114')).toBeInTheDocument();
    expect(within(row).getByText('Shenzhen Ceramics Co. (CHN)')).toBeInTheDocument();
    expect(within(row).getByText('Importación · Marítimo')).toBeInTheDocument();
    expect(within(row).getByText('Shenzhen, CHN → Manzanillo, MEX')).toBeInTheDocument();
    expect(within(row).getByText('En aduana')).toBeInTheDocument();
    expect(within(row).getByText('Pago solicitado')).toBeInTheDocument();
    expect(within(row).getByText('$15,000.00')).toBeInTheDocument();
    expect(within(row).getByText('25/11/2026')).toBeInTheDocument();

    await setLanguage('en');
    expect(await within(row).findByText('At customs')).toBeInTheDocument();
    expect(within(row).getByText('Payment requested')).toBeInTheDocument();
    expect(within(row).getByText('Import · Sea')).toBeInTheDocument();
  });

  it('asks the API for the status and step in the URL', async () => {
    const urls: URL[] = [];
    stubApi({
      'GET /embarques': (_body, url) => {
        urls.push(url);
        return page([]);
      },
    });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/my-shipments?status=open&step=customs');
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('step')).toBe('customs'));
    expect(urls.at(-1)?.searchParams.get('status')).toBe('open');
    expect(
      await screen.findByText('Ningún embarque coincide con la búsqueda o los filtros.'),
    ).toBeInTheDocument();
  });

  it('explains what an embarque is before the first, and where to ask for one', async () => {
    stubApi({ 'GET /embarques': () => page([]) });
    saveSession(makeSession(), 'SESSION');
    await renderApp('/app/my-shipments');
    expect(await screen.findByText('Aún no tienes embarques')).toBeInTheDocument();
    expect(screen.getByText(/pedimento A1 a través de un agente aduanal/)).toBeInTheDocument();
    expect(screen.getByText(/«Clasificación y embarques»/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir un ticket' })).toHaveAttribute(
      'href',
      '/app/support/tickets',
    );
  });
});
