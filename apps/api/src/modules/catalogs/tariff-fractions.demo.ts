import { fileURLToPath } from 'node:url';
import type { TariffFractionsService } from './tariff-fractions.service';

/**
 * The small extract of SAT's c_FraccionArancelaria the project ships (27 codes: coffee, T-shirts,
 * phones, a code retired in 2024…, and the demo products' own codes, so a demo product still
 * saves once the sample is loaded); the importer's and classification's tests use it too.
 */
export const DEMO_TARIFF_FRACTIONS_FILE = fileURLToPath(
  new URL('./fixtures/tariff-fractions-sample.csv', import.meta.url),
);

/**
 * Loads the demo extract when no tariff catalogue has been imported at all, so the
 * classification console can check and publish codes out of the box. Leaves any existing
 * catalogue alone (a full import included); answers how many codes it loaded, or null.
 */
export async function loadDemoTariffFractions(
  tariffFractions: TariffFractionsService,
): Promise<number | null> {
  if (await tariffFractions.catalogueLoaded()) return null;
  return (await tariffFractions.importFile(DEMO_TARIFF_FRACTIONS_FILE)).codes;
}
