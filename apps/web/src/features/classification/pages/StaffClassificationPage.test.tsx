import type { ClassificationCandidate, StaffClassification } from '@despacho/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { stubApi } from '../../../test/api-stub';
import { json, makeSession, staffUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { ME_PERSON, OTHER_PERSON, page, RESULT, SHIRT_ID, STAFF_ID, staffItem } from '../test-data';

const CANDIDATE: ClassificationCandidate = {
  code: '6109100100',
  fraction: '61091001',
  nico: '00',
  description: 'De algodón',
  source: 'catalogue',
  product: null,
  score: 0.82,
  matched_words: ['camiset', 'algodon'],
  similarity: 0.41,
  code_match: false,
};

/** The detail of one product in `status`, and what each action answers. */
function stubItem(
  overrides: Partial<StaffClassification>,
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const data = staffItem(overrides);
  return stubApi({
    ...extra,
    [`GET /staff/classification/${STAFF_ID}`]: () => json(200, { data }),
    // The same code from the catalogue and from a product of the organization.
    [`GET /staff/classification/${STAFF_ID}/candidates`]: () =>
      json(200, {
        data: [
          CANDIDATE,
          { ...CANDIDATE, source: 'organization', product: { id: SHIRT_ID, name: 'Camiseta' } },
        ],
      }),
    [`POST /staff/classification/${STAFF_ID}/claim`]: () =>
      json(200, { data: { ...data, status: 'IN_CLASSIFICATION', classifier: ME_PERSON } }),
    [`POST /staff/classification/${STAFF_ID}/publish`]: () =>
      json(200, { data: { ...data, status: 'CLASSIFIED' } }),
    [`POST /staff/classification/${STAFF_ID}/reject`]: () =>
      json(200, { data: { ...data, status: 'REJECT' } }),
    [`POST /staff/classification/${STAFF_ID}/not-classifiable`]: () =>
      json(200, { data: { ...data, status: 'NOT_CLASSIFIABLE' } }),
  });
}

const BUTTONS = [
  'Tomar',
  'Enviar a revisión',
  'Aprobar y publicar',
  'Devolver a quien clasificó',
  'Rechazar',
  'No clasificable',
];

/** The action buttons the page offers, in the order of `BUTTONS`. */
const offered = () => BUTTONS.filter((name) => screen.queryByRole('button', { name }) !== null);

async function open(
  overrides: Partial<StaffClassification>,
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const calls = stubItem(overrides, extra);
  saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
  await renderApp(`/staff/classification/${STAFF_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Camiseta Jade' });
  return calls;
}

describe('/staff/classification', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('lists the queue by due date with each product’s age', async () => {
    stubApi({
      'GET /staff/classification': () =>
        page([
          staffItem({
            business_days_left: -2,
            late: true,
            status: 'IN_CLASSIFICATION',
            classifier: OTHER_PERSON,
          }),
          staffItem({ id: '9c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', business_days_left: 3 }),
        ]),
    });
    saveSession(makeSession({ user: staffUser(), organization: null }), 'SESSION');
    await renderApp('/staff/classification');
    const [late, queued] = (await screen.findAllByRole('link', { name: 'Camiseta Jade' })).map(
      (link) => link.closest('tr')!,
    );
    expect(within(late!).getByText('Atrasado 2 días hábiles')).toBeInTheDocument();
    expect(within(late!).getByText('En clasificación')).toBeInTheDocument();
    expect(within(late!).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(queued!).getByText('Quedan 3 días hábiles')).toBeInTheDocument();
    expect(within(queued!).getByText('Comercial Jade')).toBeInTheDocument();
  });

  it('opens the merchant’s data sheet and photos through the console’s own operations', async () => {
    const imageId = '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e';
    const base = `/api/v1/staff/classification/${STAFF_ID}`;
    const webp = () =>
      new Response(new Blob(['webp'], { type: 'image/webp' }), {
        status: 200,
        headers: { 'content-type': 'image/webp' },
      });
    const calls = await open(
      {
        datasheet: { name: 'ficha.pdf', url: `${base}/datasheet` },
        images: [
          {
            id: imageId,
            url: `${base}/images/${imageId}`,
            thumbnail_url: `${base}/images/${imageId}?size=thumbnail`,
          },
        ],
      },
      {
        [`GET /staff/classification/${STAFF_ID}/images/${imageId}`]: webp,
        [`GET /staff/classification/${STAFF_ID}/datasheet`]: () =>
          new Response(new Blob(['%PDF-'], { type: 'application/pdf' }), { status: 200 }),
      },
    );
    expect(screen.getByRole('button', { name: 'Foto 1 del producto' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain(
        `GET /staff/classification/${STAFF_ID}/images/${imageId}`,
      ),
    );
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abrir ficha técnica (ficha.pdf)' }));
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain(
        `GET /staff/classification/${STAFF_ID}/datasheet`,
      ),
    );
    // Never the organization's own file operations, which refuse a staff session.
    expect(calls.some((call) => call.key.startsWith('GET /product-'))).toBe(false);
  });

  it('offers a queued product to claim, and claims it', async () => {
    const calls = await open({ status: 'PROCESS_CLASSIFICATION' });
    expect(offered()).toEqual(['Tomar']);
    fireEvent.click(screen.getByRole('button', { name: 'Tomar' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.key === `POST /staff/classification/${STAFF_ID}/claim`),
      ).toBe(true),
    );
  });

  it('lets its classifier decide, sending to review only once a result is recorded', async () => {
    await open({ status: 'IN_CLASSIFICATION', classifier: ME_PERSON });
    expect(offered()).toEqual(['Enviar a revisión', 'Rechazar', 'No clasificable']);
    expect(screen.getByRole('button', { name: 'Enviar a revisión' })).toBeDisabled();

    // A candidate, with why it matched, fills the code of the result.
    expect(await screen.findAllByText('Palabras: camiset, algodon')).toHaveLength(2);
    expect(screen.getByText('Ya clasificado: Camiseta')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Usar 6109.10.01.00' })[0]!);
    expect(screen.getByRole('textbox', { name: /Fracción arancelaria \+ NICO/ })).toHaveValue(
      '6109100100',
    );
  });

  it('enables sending to review when the result is recorded', async () => {
    await open({ status: 'IN_CLASSIFICATION', classifier: ME_PERSON, result: RESULT });
    expect(screen.getByRole('button', { name: 'Enviar a revisión' })).toBeEnabled();
  });

  it('offers nothing on a product someone else classifies', async () => {
    await open({ status: 'IN_CLASSIFICATION', classifier: OTHER_PERSON });
    expect(offered()).toEqual([]);
  });

  it('lets a second person approve and publish, return, reject or declare it not classifiable', async () => {
    const calls = await open({ status: 'IN_REVIEW', classifier: OTHER_PERSON, result: RESULT });
    expect(offered()).toEqual([
      'Aprobar y publicar',
      'Devolver a quien clasificó',
      'Rechazar',
      'No clasificable',
    ]);
    expect(screen.getByTestId('result-code')).toHaveTextContent('6109.10.01.00');
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar y publicar' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.key === `POST /staff/classification/${STAFF_ID}/publish`),
      ).toBe(true),
    );
  });

  it('keeps the classifier from reviewing their own result', async () => {
    await open({ status: 'IN_REVIEW', classifier: ME_PERSON, result: RESULT });
    expect(offered()).toEqual([]);
    expect(
      screen.getByText('Tú clasificaste este producto: la revisión la hace otra persona.'),
    ).toBeInTheDocument();
  });

  it('offers nothing once published', async () => {
    await open({
      status: 'CLASSIFIED',
      classifier: OTHER_PERSON,
      reviewer: ME_PERSON,
      result: RESULT,
    });
    expect(offered()).toEqual([]);
  });

  it('rejects with the reason the merchant reads and the fee kept, asking for a reason first', async () => {
    const calls = await open({ status: 'IN_CLASSIFICATION', classifier: ME_PERSON });
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar por falta de información' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Falta la composición' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/reject'))?.body).toEqual({
        reason: 'Falta la composición',
        fee: 'keep',
      }),
    );
  });

  it('declares it not classifiable with what it needs and the fee charged', async () => {
    const calls = await open({ status: 'IN_CLASSIFICATION', classifier: ME_PERSON });
    await screen.findByText('Ya clasificado: Camiseta');
    fireEvent.click(screen.getByRole('button', { name: 'No clasificable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declarar no clasificable' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Se necesita saber la fibra' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cobrar la tarifa' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No clasificable' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.endsWith('/not-classifiable'))?.body).toEqual({
        reason: 'Se necesita saber la fibra',
        needs: 'lab_test',
        fee: 'capture',
        candidates: [],
      }),
    );
  });
});
