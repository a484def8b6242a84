import type { Core } from '../services';
import { PostalCodesService } from './postal-codes.service';
import { SatProductsService } from './sat-products.service';
import { SatUnitsService } from './sat-units.service';
import { TariffFractionsService } from './tariff-fractions.service';

/** The public catalogues: SEPOMEX postal codes and SAT's products, units and tariff fractions. */
export const buildCatalogs = (deps: Core) => ({
  postalCodes: new PostalCodesService(deps),
  satProducts: new SatProductsService(deps),
  satUnits: new SatUnitsService(deps),
  tariffFractions: new TariffFractionsService(deps),
});
