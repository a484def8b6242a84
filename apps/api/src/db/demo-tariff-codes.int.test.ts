/**
 * A development start loads SAT's sample of fracciones, and a product's tariff code is checked
 * against the catalogue once one is loaded: every demo product's code must be in the sample, or
 * the demo merchant could not save their own products.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { loadDemoTariffFractions } from '../modules/catalogs/tariff-fractions.demo';
import { DEMO_PRODUCTS } from './demo-catalogue';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('finds every demo product’s tariff code in force in the shipped sample', async () => {
  const { tariffFractions } = ctx.app.services;
  await loadDemoTariffFractions(tariffFractions);
  const codes = DEMO_PRODUCTS.flatMap((product) => product.tariff_code ?? []);
  expect(codes.length).toBeGreaterThan(5);
  expect(await tariffFractions.unusableCodes(codes, '2026-11-29')).toEqual([]);
});
