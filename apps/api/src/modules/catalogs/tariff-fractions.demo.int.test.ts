import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { loadDemoTariffFractions } from './tariff-fractions.demo';

describe('the demo tariff catalogue', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('loads the shipped extract into an empty catalogue, and never over one', async () => {
    const { tariffFractions } = ctx.app.services;
    expect(await tariffFractions.catalogueLoaded()).toBe(false);
    expect(await loadDemoTariffFractions(tariffFractions)).toBe(27);
    expect((await tariffFractions.inForce('61091001', '00', '2026-03-02'))?.umt_description).toBe(
      'PAR',
    );
    expect(await loadDemoTariffFractions(tariffFractions)).toBeNull();
  });
});
