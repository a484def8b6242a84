// The carriers module's public surface (ARCHITECTURE §2): what other modules may import.
export {
  CarrierError,
  type CarrierAdapter,
  type CarrierQuote,
  type CustomsDeclaration,
  type CarrierRate,
  type IssuedLabel,
  type LabelRequest,
  type PickupDayOffer,
} from './carrier-adapter';
export type { CarrierAdapters } from './carrier-adapters';
export { askCarrier } from './carrier-refusal';
export type { CarriersService } from './carriers.service';
export { mergePdfs, type LabelParty } from './label-pdf';
