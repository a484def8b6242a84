// The addresses module's public surface (ARCHITECTURE §2): what other modules may import.
export { addressColumns, addressValues, addressView } from './address-columns';
export type { LocationsService } from './locations.service';
