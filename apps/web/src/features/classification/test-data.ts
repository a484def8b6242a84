import type {
  ClassificationItem,
  ClassificationQuote,
  ClassificationRequestSummary,
  ClassificationResult,
  StaffClassification,
} from '@despacho/domain';
import { json } from '../../test/fixtures';

/** Classifications as the API answers them, for this feature's screens' tests. */

export const REQUEST_ID = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const MUG_ID = '4d1e2f3a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
export const SHIRT_ID = '5e1f2a3b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';

export const page = (data: unknown[]) =>
  json(200, { data, meta: { page: 1, pageSize: 20, total: data.length } });

const snapshot = (id: string, name: string) => ({ id, name, sku: null, thumbnail_url: null });

export const RESULT: ClassificationResult = {
  code: '6109100100',
  fraction: '61091001',
  nico: '00',
  customs_unit: { code: '06', name: 'Pieza' },
  chain: {
    chapter: { code: '61', description: 'Prendas de vestir, de punto' },
    heading: { code: '6109', description: 'T-shirts y camisetas interiores, de punto' },
    subheading: { code: '6109.10', description: 'De algodón' },
    fraction: { code: '6109.10.01', description: 'De algodón' },
    nico: { code: '00', description: 'De algodón' },
  },
  rationale: { rules: ['RGI_1', 'RGI_6'], text: 'Camiseta de punto de algodón.' },
  duties: {
    general: { kind: 'ad_valorem', rate_percent: 35 },
    tmec: { kind: 'exempt', rate_percent: null },
    no_agreement: null,
  },
  restrictions: [
    {
      kind: 'nom',
      authority: 'SE',
      code: 'NOM-004-SE-2021',
      description: 'Etiquetado de productos textiles',
    },
  ],
  tariff_data_date: '2026-01-02',
  validated_on: '2026-03-04',
};

const inputs = {
  description: 'Camiseta de manga corta',
  materials: 'Algodón 100 %',
  use: 'Prenda de vestir',
  brand: null,
  model: null,
  origin_country: 'MEX',
  notes: null,
};

export const item = (overrides: Partial<ClassificationItem> = {}): ClassificationItem => ({
  id: '6f1a2b3c-7d8e-4f9a-8b0c-2d3e4f5a6b7c',
  request_id: REQUEST_ID,
  product: snapshot(SHIRT_ID, 'Camiseta Jade'),
  status: 'PROCESS_CLASSIFICATION',
  inputs,
  fee: { amount_centavos: 12_000, vat_centavos: 1_655, state: 'held' },
  due_date: '2026-03-13',
  result: null,
  reject_reason: null,
  not_classifiable: null,
  can_resubmit: false,
  created_at: '2026-03-04T16:00:00.000Z',
  updated_at: '2026-03-04T16:00:00.000Z',
  ...overrides,
});

export const summary = (
  items: ClassificationRequestSummary['items'],
): ClassificationRequestSummary => ({
  id: REQUEST_ID,
  number: 7,
  created_at: '2026-03-04T16:00:00.000Z',
  due_date: '2026-03-13',
  total_centavos: 12_000 * items.length,
  vat_centavos: 1_655 * items.length,
  items,
});

export const summaryItem = (
  id: string,
  name: string,
  status: ClassificationItem['status'],
  code: string | null = null,
) => ({ id, product: snapshot(id, name), status, code });

export function quote(
  products: { id: string; name: string; filled?: boolean; open?: ClassificationItem['status'] }[],
  available: number,
): ClassificationQuote {
  const total = 12_000 * products.length;
  return {
    products: products.map((product) => ({
      product: snapshot(product.id, product.name),
      inputs: {
        description: product.filled ? 'Taza de cerámica' : null,
        materials: product.filled ? 'Cerámica' : null,
        use: product.filled ? 'Beber café' : null,
        brand: null,
        model: null,
        origin_country: product.filled ? 'CHN' : null,
      },
      has_datasheet: false,
      images_count: 0,
      missing: product.filled ? [] : ['description', 'materials', 'use', 'origin_country'],
      open_status: product.open ?? null,
    })),
    unit_price_centavos: 12_000,
    total_centavos: total,
    vat_centavos: total - Math.round(total / 1.16),
    available_centavos: available,
    sufficient_balance: available >= total,
    due_date: '2026-03-13',
  };
}

export const STAFF_ID = '7a1b2c3d-8e9f-4a0b-9c1d-3e4f5a6b7c8d';
const ME = '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11';

export const staffItem = (overrides: Partial<StaffClassification> = {}): StaffClassification => ({
  id: STAFF_ID,
  request_id: REQUEST_ID,
  organization: { id: '0b8e7c52-7a55-4f0e-9f7e-1d2c3b4a5f60', name: 'Comercial Jade' },
  product: snapshot(SHIRT_ID, 'Camiseta Jade'),
  status: 'PROCESS_CLASSIFICATION',
  due_date: '2026-03-13',
  business_days_left: 3,
  late: false,
  classifier: null,
  reviewer: null,
  created_at: '2026-03-04T16:00:00.000Z',
  inputs,
  fee: { amount_centavos: 12_000, vat_centavos: 1_655, state: 'held' },
  datasheet: null,
  images: [],
  result: null,
  reject_reason: null,
  not_classifiable: null,
  transitions: [],
  ...overrides,
});

/** The signed-in staff user of `staffUser()`, and someone else. */
export const ME_PERSON = { id: ME, name: 'Ana López' };
export const OTHER_PERSON = { id: '8b1c2d3e-9f0a-4b1c-8d2e-4f5a6b7c8d9e', name: 'Luis Pérez' };
