// The international module's public surface (ARCHITECTURE §2): what other modules may import.
export type { InternationalService } from './international.service';
export type { InternationalRatesService } from './rates.service';
export type { CustomsService } from './customs.service';
