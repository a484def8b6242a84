// The catalogs module's public surface (ARCHITECTURE §2): what other modules may import.
export type { PostalCodesService } from './postal-codes.service';
export type { SatProductsService } from './sat-products.service';
export type { SatUnitsService } from './sat-units.service';
export type { TariffFractionsService } from './tariff-fractions.service';
