import type { Language } from '../language';
import { z } from '../validation';

/**
 * The carriers Despacho offers, as code: one entry per carrier with its services. Service names
 * and typical transit times come from the carriers' public sites (domestic Mexico, business days;
 * a guide, not a promise). Prices and real transit times come from the quotes, which the shipping
 * issue gets from sandbox adapters per carrier; nothing here talks to a carrier.
 *
 * Each organization enables or disables carriers (`organization_carriers`); the shipping issue
 * quotes only the enabled ones.
 */
export const CARRIER_KEYS = [
  'estafeta',
  'fedex',
  'dhl_express',
  'paquetexpress',
  'redpack',
  '99minutos',
] as const;
export type CarrierKey = (typeof CARRIER_KEYS)[number];

export function isCarrierKey(value: string): value is CarrierKey {
  return (CARRIER_KEYS as readonly string[]).includes(value);
}

/** How fast a service is, so the quote screen can group and badge them. */
export const SERVICE_KINDS = ['same_day', 'express', 'standard', 'economy'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

type Localized = Record<Language, string>;

export interface CarrierServiceDefinition {
  /** Stable inside the carrier: the shipping issue stores `carrier_key` + `service_key`. */
  key: string;
  name: Localized;
  kind: ServiceKind;
  /** Typical business days from pickup to delivery (0: the same day). */
  transitDays: { min: number; max: number };
  /** Offered only between Mexico and another country (issue 25): never on a domestic quote. */
  international?: true;
}

export interface CarrierDefinition {
  key: CarrierKey;
  name: string;
  coverage: Localized;
  services: readonly CarrierServiceDefinition[];
  /**
   * Colours of the wordmark the web draws (a rounded rectangle with the name): our own simple
   * drawing, not the carrier's trademark artwork.
   */
  logo: { background: string; foreground: string };
  /** The carrier's public tracking page, `{tracking_number}` standing for the guide's number. */
  trackingUrl: string;
}

export const CARRIERS: readonly CarrierDefinition[] = [
  {
    key: 'estafeta',
    name: 'Estafeta',
    coverage: {
      es: 'Cobertura nacional, incluidas zonas extendidas con cargo adicional.',
      en: 'Nationwide coverage, including extended zones at an extra charge.',
    },
    services: [
      {
        key: 'dia_siguiente',
        name: { es: 'Día Siguiente', en: 'Next Day' },
        kind: 'express',
        transitDays: { min: 1, max: 1 },
      },
      {
        key: 'dos_dias',
        name: { es: 'Dos Días', en: 'Two Days' },
        kind: 'standard',
        transitDays: { min: 2, max: 2 },
      },
      {
        key: 'terrestre',
        name: { es: 'Terrestre', en: 'Ground' },
        kind: 'economy',
        transitDays: { min: 3, max: 7 },
      },
    ],
    logo: { background: '#C8102E', foreground: '#FFFFFF' },
    trackingUrl:
      'https://cs.estafeta.com/es/Tracking/searchByGet?wayBillType=1&wayBill={tracking_number}',
  },
  {
    key: 'fedex',
    name: 'FedEx',
    coverage: {
      es: 'Principales ciudades del país; envíos nacionales e internacionales.',
      en: 'Main cities across the country; domestic and international shipments.',
    },
    services: [
      {
        key: 'standard_overnight',
        name: { es: 'Standard Overnight', en: 'Standard Overnight' },
        kind: 'express',
        transitDays: { min: 1, max: 1 },
      },
      {
        key: 'express_saver',
        name: { es: 'Express Saver', en: 'Express Saver' },
        kind: 'standard',
        transitDays: { min: 2, max: 3 },
      },
      // International services: quoted only between Mexico and another country (issue 25).
      {
        key: 'international_priority',
        name: { es: 'International Priority', en: 'International Priority' },
        kind: 'express',
        transitDays: { min: 1, max: 3 },
        international: true,
      },
      {
        key: 'international_economy',
        name: { es: 'International Economy', en: 'International Economy' },
        kind: 'economy',
        transitDays: { min: 2, max: 5 },
        international: true,
      },
    ],
    logo: { background: '#4D148C', foreground: '#FFFFFF' },
    trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={tracking_number}',
  },
  {
    key: 'dhl_express',
    name: 'DHL Express',
    coverage: {
      es: 'Envíos urgentes nacionales y a más de 200 países.',
      en: 'Urgent domestic shipments and to more than 200 countries.',
    },
    services: [
      {
        key: 'domestic_express',
        name: { es: 'Domestic Express', en: 'Domestic Express' },
        kind: 'express',
        transitDays: { min: 1, max: 2 },
      },
      {
        key: 'express_worldwide',
        name: { es: 'Express Worldwide', en: 'Express Worldwide' },
        kind: 'express',
        transitDays: { min: 1, max: 4 },
        international: true,
      },
    ],
    logo: { background: '#FFCC00', foreground: '#D40511' },
    trackingUrl:
      'https://www.dhl.com/mx-es/home/rastreo.html?tracking-id={tracking_number}&submit=1',
  },
  {
    key: 'paquetexpress',
    name: 'Paquetexpress',
    coverage: {
      es: 'Cobertura nacional por tierra; fuerte en el norte y el Bajío.',
      en: 'Nationwide ground coverage; strong in the north and the Bajío.',
    },
    services: [
      {
        key: 'express',
        name: { es: 'Express', en: 'Express' },
        kind: 'express',
        transitDays: { min: 1, max: 2 },
      },
      {
        key: 'estandar',
        name: { es: 'Estándar', en: 'Standard' },
        kind: 'standard',
        transitDays: { min: 2, max: 5 },
      },
    ],
    logo: { background: '#002D72', foreground: '#FFFFFF' },
    trackingUrl: 'https://www.paquetexpress.com.mx/rastreo?guia={tracking_number}',
  },
  {
    key: 'redpack',
    name: 'Redpack',
    coverage: {
      es: 'Cobertura nacional con opciones económicas para paquetes ligeros.',
      en: 'Nationwide coverage with economical options for light parcels.',
    },
    services: [
      {
        key: 'express',
        name: { es: 'Express', en: 'Express' },
        kind: 'express',
        transitDays: { min: 1, max: 2 },
      },
      {
        key: 'ecoexpress',
        name: { es: 'Ecoexpress', en: 'Ecoexpress' },
        kind: 'economy',
        transitDays: { min: 3, max: 6 },
      },
    ],
    logo: { background: '#E30613', foreground: '#FFFFFF' },
    trackingUrl: 'https://www.redpack.com.mx/es/rastreo/?guias={tracking_number}',
  },
  {
    key: '99minutos',
    name: '99minutos',
    coverage: {
      es: 'Entregas urbanas en las principales zonas metropolitanas.',
      en: 'Urban deliveries in the main metropolitan areas.',
    },
    services: [
      {
        key: 'same_day',
        name: { es: 'Mismo día', en: 'Same Day' },
        kind: 'same_day',
        transitDays: { min: 0, max: 0 },
      },
      {
        key: 'next_day',
        name: { es: 'Día siguiente', en: 'Next Day' },
        kind: 'express',
        transitDays: { min: 1, max: 1 },
      },
    ],
    logo: { background: '#00C389', foreground: '#0B1F33' },
    trackingUrl: 'https://tracking.99minutos.com/search/{tracking_number}',
  },
];

export function carrierByKey(key: string): CarrierDefinition | undefined {
  return CARRIERS.find((carrier) => carrier.key === key);
}

export const carrierServiceSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(SERVICE_KINDS),
  transit_days: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type CarrierService = z.infer<typeof carrierServiceSchema>;

/** A carrier of the catalogue as one organization sees it, in the language of the request. */
export const carrierSchema = z.object({
  key: z.enum(CARRIER_KEYS),
  name: z.string(),
  coverage: z.string(),
  services: z.array(carrierServiceSchema),
  enabled: z.boolean(),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** `PUT /carriers/{key}`. */
export const carrierUpdateSchema = z.object({ enabled: z.boolean() });
export type CarrierUpdate = z.infer<typeof carrierUpdateSchema>;

/** Any string: an unknown key answers 404, not 400. */
export const carrierParamsSchema = z.object({ key: z.string().max(64) });

/** The catalogue entry in one language, with the organization's choice. */
export function carrierView(
  carrier: CarrierDefinition,
  enabled: boolean,
  language: Language,
): Carrier {
  return {
    key: carrier.key,
    name: carrier.name,
    coverage: carrier.coverage[language],
    services: carrier.services.map((service) => ({
      key: service.key,
      name: service.name[language],
      kind: service.kind,
      transit_days: { ...service.transitDays },
    })),
    enabled,
  };
}

/** The carrier's own tracking page for a guide of theirs. */
export const carrierTrackingUrl = (
  carrier: Pick<CarrierDefinition, 'trackingUrl'>,
  trackingNumber: string,
) => carrier.trackingUrl.replace('{tracking_number}', encodeURIComponent(trackingNumber));
