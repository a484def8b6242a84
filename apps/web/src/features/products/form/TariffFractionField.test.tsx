import { tariffCodeSchema, z } from '@despacho/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { renderCatalogCodeForm, stubCatalogSearch } from '../../../test/catalog-code-form';
import { TariffFractionField } from './TariffFractionField';

const HINT = 'Busca por dígitos o por descripción.';

function renderField() {
  return renderCatalogCodeForm({
    schema: z.object({ tariff_code: tariffCodeSchema.optional() }),
    name: 'tariff_code',
    label: 'Fracción arancelaria',
    renderField: (field) => (
      <TariffFractionField label="Fracción arancelaria" hint={HINT} {...field} />
    ),
  });
}

describe('TariffFractionField', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says from the start that the catalogue is not loaded, and asks for the digits alone', async () => {
    stubCatalogSearch('/tariff-fractions', () => ({
      data: [],
      meta: { catalogue_loaded: false },
    }));
    const { field } = renderField();

    expect(await screen.findByText('Catálogo de fracciones no disponible')).toBeInTheDocument();
    expect(screen.getByText(/el producto queda sin clasificar/)).toBeInTheDocument();
    expect(field()).toHaveAttribute('placeholder', 'Los 10 dígitos, por ejemplo 6109.10.01.00');
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('offers the search by words once the catalogue is loaded', async () => {
    const searched = stubCatalogSearch('/tariff-fractions', () => ({
      data: [],
      meta: { catalogue_loaded: true },
    }));
    const { field } = renderField();

    await vi.waitFor(() => expect(searched).toHaveLength(1));
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    expect(field().getAttribute('placeholder')).toContain('camisetas');
    expect(screen.queryByText('Catálogo de fracciones no disponible')).not.toBeInTheDocument();
  });
});
