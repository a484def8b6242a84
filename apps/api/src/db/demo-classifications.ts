import {
  classificationRequestCreateSchema,
  classificationResultInputSchema,
  productsQuerySchema,
} from '@despacho/domain';
import { loadDemoTariffFractions } from '../modules/catalogs/tariff-fractions.demo';
import type { Services } from '../modules/services';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The demo products sent to classification (names of demo-catalogue.ts). */
export const DEMO_CLASSIFIED_PRODUCT = 'Playera Cuello V para Dama';
export const DEMO_IN_CLASSIFICATION_PRODUCT = 'Tenis Urbano Blanco';

/**
 * "Comercio Demo"'s tariff classifications (issue 24), written through the classification
 * services as the merchant and the two staff users would, so every rule holds (fee held and
 * captured on the ledger, transitions audited, the product's tariff fields, notifications): a
 * request three days old whose T-shirt was classified, reviewed by the second staff user and
 * published (its dictamen downloads), and one from yesterday whose sneakers a classifier took.
 */
export async function seedDemoClassifications(
  services: Services,
  {
    organizationId,
    ownerId,
    staffId,
    reviewerId,
  }: { organizationId: string; ownerId: string; staffId: string; reviewerId: string },
  seedClock: { backdateMs: number },
): Promise<void> {
  const { classification, staffClassification, products, tariffFractions } = services;
  // The result is checked against the catalogue: the shipped extract, when none is loaded yet
  // (main.ts loads it after the seed too). Only now: with a catalogue loaded, the demo
  // products' own codes, outside the extract, would be refused.
  await loadDemoTariffFractions(tariffFractions);
  const at = (agoMs: number) => (seedClock.backdateMs = agoMs);
  const productId = async (name: string) => {
    const { data } = await products.list(
      organizationId,
      productsQuerySchema.parse({ search: name }),
    );
    return data.find((product) => product.name === name)!.id;
  };
  const request = async (name: string, inputs: Record<string, string>) => {
    const created = await classification.create(
      organizationId,
      ownerId,
      classificationRequestCreateSchema.parse({
        items: [{ product_id: await productId(name), origin_country: 'MEX', ...inputs }],
      }),
    );
    return created.items[0]!.id;
  };

  at(3 * DAY_MS);
  const shirt = await request(DEMO_CLASSIFIED_PRODUCT, {
    description: 'Playera de manga corta para dama, cuello en V, tejido de punto',
    materials: 'Algodón 95 %, elastano 5 %',
    use: 'Prenda de vestir',
    brand: 'Comercio Demo',
    model: 'PLY-CVD',
  });
  at(3 * DAY_MS - 2 * HOUR_MS);
  await staffClassification.claim(shirt, staffId);
  await staffClassification.recordResult(
    shirt,
    staffId,
    classificationResultInputSchema.parse({
      code: '6109100100',
      chapter: 'Prendas y complementos (accesorios), de vestir, de punto',
      heading: 'T-shirts y camisetas interiores, de punto',
      subheading: 'De algodón',
      fraction_text: 'De algodón',
      rationale_rules: ['RGI_1', 'RGI_6'],
      rationale:
        'Prenda de punto con predominio de algodón (95 %): partida 61.09 por su texto (RGI 1) ' +
        'y subpartida 6109.10 por la materia que predomina (RGI 6).',
      duties: {
        general: { kind: 'ad_valorem', rate_percent: 35 },
        tmec: { kind: 'exempt' },
        no_agreement: { kind: 'ad_valorem', rate_percent: 50 },
      },
      restrictions: [
        {
          kind: 'nom',
          authority: 'SE',
          code: 'NOM-004-SE-2021',
          description: 'Información comercial: etiquetado de productos textiles',
        },
      ],
      tariff_data_date: '2026-01-01',
    }),
  );
  await staffClassification.sendToReview(shirt, staffId, undefined);
  at(2 * DAY_MS);
  await staffClassification.publish(shirt, reviewerId);

  at(DAY_MS);
  const sneakers = await request(DEMO_IN_CLASSIFICATION_PRODUCT, {
    description: 'Tenis de uso urbano, corte de piel sintética',
    materials: 'Corte de poliuretano; suela de hule vulcanizado',
    use: 'Calzado de uso diario',
    brand: 'Paso Firme',
  });
  at(DAY_MS - 4 * HOUR_MS);
  await staffClassification.claim(sneakers, staffId);
  seedClock.backdateMs = 0;
}
