import { MAX_ZONE, type CarrierKey, type MexicanState } from '@despacho/domain';

/**
 * The sandbox carriers' tariffs (decision 017): what each sandbox adapter charges and promises,
 * typical of the Mexican market in 2026 for a merchant without a negotiated contract. Not any
 * carrier's price list; the shape is theirs (zone × kilogram, fuel surcharge, extended zone,
 * limits per piece), the figures are ours.
 *
 * Prices are integer centavos before VAT, per parcel: the first kilogram plus each further
 * billable kilogram, by zone (index 0 is zone 1). A service whose price list stops before a
 * zone does not reach it.
 */

/**
 * One carrier service as the sandbox sells it. An international service of the catalogue
 * (`international`) is offered only between Mexico and another country, its zones the country
 * abroad's (`internationalZoneOf`); a domestic one never abroad.
 */
export interface ServiceTariff {
  /** A `key` of the carrier's services in the catalogue (`@despacho/domain` CARRIERS). */
  serviceKey: string;
  /** Price of each parcel's first billable kilogram, by zone (zone 1 first). */
  firstKg: readonly number[];
  /** Price of each further billable kilogram of a parcel, by zone. */
  extraKg: readonly number[];
  /** Business days from pickup to delivery, by zone: [min, max]. */
  transitDays: readonly (readonly [number, number])[];
  /** Heaviest parcel taken, in kg (the greater of actual and volumetric weight). */
  maxWeightKg: number;
  /** Longest side of a parcel, in cm. */
  maxSideCm: number;
  /** Longest side plus girth (2 × the other two sides), in cm. */
  maxLengthPlusGirthCm: number;
  /**
   * Urban services: `same_area` runs only inside one metropolitan area, `any_area` only between
   * metropolitan areas (both ends in one). Absent: nationwide.
   */
  metro?: 'same_area' | 'any_area';
}

/** How a carrier's guide numbers look; the sandbox derives them from our shipment id. */
export interface TrackingFormat {
  prefix: string;
  digits: number;
  /** DHL Express waybills end in a check digit: the number before it modulo 7. */
  check?: 'mod7';
}

export interface CarrierTariff {
  carrier: CarrierKey;
  /** Fuel surcharge on the base price, in basis points (1250 = 12.5%). */
  fuelSurchargeBasisPoints: number;
  /**
   * Flat charge per shipment whose destination is in an extended (rural) zone; null when the
   * carrier does not deliver there at all.
   */
  extendedZoneSurcharge: number | null;
  /** Business days an extended-zone delivery adds to the estimate. */
  extendedZoneExtraDays: number;
  trackingFormat: TrackingFormat;
  /** Prefix of pickup confirmation numbers. */
  pickupPrefix: string;
  services: readonly ServiceTariff[];
}

/** Pesos to centavos, for readable tables. */
const mxn = (...pesos: number[]) => pesos.map((value) => Math.round(value * 100));

/** The same [min, max] for every zone the service reaches. */
const everyZone = (min: number, max: number, zones = MAX_ZONE) =>
  Array.from({ length: zones }, () => [min, max] as const);

/**
 * Metropolitan areas where the urban carrier (99minutos) works, by state: the Valle de México
 * spans Mexico City and the State of Mexico, Puebla–Tlaxcala spans both states.
 */
export const METRO_AREAS: Readonly<Record<string, readonly MexicanState[]>> = {
  valle_de_mexico: ['CMX', 'MEX'],
  guadalajara: ['JAL'],
  monterrey: ['NLE'],
  queretaro: ['QUE'],
  puebla_tlaxcala: ['PUE', 'TLA'],
};

export function metroAreaOf(state: MexicanState): string | null {
  for (const [area, states] of Object.entries(METRO_AREAS)) {
    if (states.includes(state)) return area;
  }
  return null;
}

/**
 * The zones of the sandbox's international services, by the country abroad (ISO alpha-2):
 * 1 the USA and Canada, 2 Central America and the Caribbean, 3 South America, 4 Europe,
 * 5 Asia and Oceania, 6 the rest of the world.
 */
const INTERNATIONAL_REGIONS: readonly (readonly string[])[] = [
  ['US', 'CA'],
  ['GT', 'BZ', 'SV', 'HN', 'NI', 'CR', 'PA', 'CU', 'DO', 'HT', 'JM', 'PR', 'BS', 'BB', 'TT'],
  ['CO', 'VE', 'EC', 'PE', 'BO', 'BR', 'CL', 'AR', 'UY', 'PY', 'GY', 'SR'],
  [
    'ES',
    'PT',
    'FR',
    'DE',
    'IT',
    'GB',
    'IE',
    'NL',
    'BE',
    'LU',
    'CH',
    'AT',
    'DK',
    'SE',
    'NO',
    'FI',
    'PL',
    'CZ',
    'SK',
    'HU',
    'RO',
    'BG',
    'GR',
    'HR',
    'SI',
    'EE',
    'LV',
    'LT',
    'IS',
    'MT',
    'CY',
  ],
  ['CN', 'JP', 'KR', 'TW', 'HK', 'SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'IN', 'AU', 'NZ'],
];
/** Countries the sandbox's couriers do not serve (sanctions). */
const INTERNATIONAL_EXCLUDED = ['KP', 'IR', 'SY'];
export const INTERNATIONAL_ZONES = INTERNATIONAL_REGIONS.length + 1;

/** The international zone of the country abroad, or null when the couriers do not serve it. */
export function internationalZoneOf(country: string): number | null {
  if (INTERNATIONAL_EXCLUDED.includes(country) || !/^[A-Z]{2}$/.test(country)) return null;
  const region = INTERNATIONAL_REGIONS.findIndex((countries) => countries.includes(country));
  return region === -1 ? INTERNATIONAL_ZONES : region + 1;
}

const ESTAFETA_LIMITS = { maxWeightKg: 70, maxSideCm: 150, maxLengthPlusGirthCm: 300 };
const FEDEX_LIMITS = { maxWeightKg: 68, maxSideCm: 274, maxLengthPlusGirthCm: 330 };
const DHL_LIMITS = { maxWeightKg: 70, maxSideCm: 120, maxLengthPlusGirthCm: 300 };
const REDPACK_LIMITS = { maxWeightKg: 70, maxSideCm: 150, maxLengthPlusGirthCm: 300 };

export const SANDBOX_TARIFFS: Record<CarrierKey, CarrierTariff> = {
  estafeta: {
    carrier: 'estafeta',
    fuelSurchargeBasisPoints: 1250,
    extendedZoneSurcharge: 16_500,
    extendedZoneExtraDays: 2,
    trackingFormat: { prefix: '', digits: 22 },
    pickupPrefix: 'EST',
    services: [
      {
        serviceKey: 'dia_siguiente',
        firstKg: mxn(175, 210, 240, 265, 290, 315, 345),
        extraKg: mxn(25, 34, 42, 50, 58, 66, 76),
        transitDays: everyZone(1, 1),
        ...ESTAFETA_LIMITS,
      },
      {
        serviceKey: 'dos_dias',
        firstKg: mxn(140, 165, 185, 205, 225, 245, 270),
        extraKg: mxn(18, 24, 30, 36, 42, 48, 56),
        transitDays: everyZone(2, 2),
        ...ESTAFETA_LIMITS,
      },
      {
        serviceKey: 'terrestre',
        firstKg: mxn(105, 125, 140, 155, 170, 185, 205),
        extraKg: mxn(12, 16, 20, 24, 28, 32, 38),
        transitDays: [
          [3, 3],
          [3, 4],
          [3, 5],
          [4, 5],
          [4, 6],
          [5, 7],
          [6, 7],
        ],
        ...ESTAFETA_LIMITS,
      },
    ],
  },
  fedex: {
    carrier: 'fedex',
    fuelSurchargeBasisPoints: 1800,
    extendedZoneSurcharge: 21_000,
    extendedZoneExtraDays: 1,
    trackingFormat: { prefix: '', digits: 12 },
    pickupPrefix: 'FDX',
    services: [
      {
        serviceKey: 'standard_overnight',
        firstKg: mxn(210, 245, 275, 305, 335, 365, 395),
        extraKg: mxn(30, 40, 50, 60, 70, 80, 92),
        transitDays: everyZone(1, 1),
        ...FEDEX_LIMITS,
      },
      {
        serviceKey: 'express_saver',
        firstKg: mxn(150, 175, 195, 215, 235, 255, 280),
        extraKg: mxn(20, 27, 33, 40, 46, 52, 60),
        transitDays: [
          [2, 2],
          [2, 2],
          [2, 2],
          [2, 3],
          [2, 3],
          [3, 3],
          [3, 3],
        ],
        ...FEDEX_LIMITS,
      },
      {
        serviceKey: 'international_priority',
        firstKg: mxn(920, 1120, 1320, 1420, 1620, 1820),
        extraKg: mxn(175, 225, 270, 290, 340, 390),
        transitDays: [
          [1, 3],
          [2, 3],
          [2, 4],
          [2, 4],
          [3, 5],
          [3, 6],
        ],
        ...FEDEX_LIMITS,
      },
      {
        serviceKey: 'international_economy',
        firstKg: mxn(690, 850, 1020, 1100, 1250, 1400),
        extraKg: mxn(120, 160, 200, 215, 250, 290),
        transitDays: [
          [3, 5],
          [4, 6],
          [4, 7],
          [4, 7],
          [5, 8],
          [5, 9],
        ],
        ...FEDEX_LIMITS,
      },
    ],
  },
  // Express Worldwide is DHL's international product: offered only between Mexico and another
  // country, never between two Mexican postal codes (Domestic Express is DHL's domestic answer).
  dhl_express: {
    carrier: 'dhl_express',
    fuelSurchargeBasisPoints: 2150,
    extendedZoneSurcharge: 24_500,
    extendedZoneExtraDays: 1,
    trackingFormat: { prefix: '', digits: 10, check: 'mod7' },
    pickupPrefix: 'DHL',
    services: [
      {
        serviceKey: 'domestic_express',
        firstKg: mxn(230, 265, 295, 325, 355, 385, 420),
        extraKg: mxn(32, 43, 54, 64, 75, 86, 98),
        transitDays: [
          [1, 1],
          [1, 1],
          [1, 1],
          [1, 2],
          [1, 2],
          [1, 2],
          [2, 2],
        ],
        ...DHL_LIMITS,
      },
      {
        serviceKey: 'express_worldwide',
        firstKg: mxn(950, 1150, 1350, 1450, 1650, 1850),
        extraKg: mxn(180, 230, 280, 300, 350, 400),
        transitDays: [
          [1, 2],
          [2, 3],
          [2, 4],
          [2, 4],
          [3, 5],
          [3, 6],
        ],
        ...DHL_LIMITS,
      },
    ],
  },
  paquetexpress: {
    carrier: 'paquetexpress',
    fuelSurchargeBasisPoints: 1000,
    extendedZoneSurcharge: 14_000,
    extendedZoneExtraDays: 2,
    trackingFormat: { prefix: '', digits: 15 },
    pickupPrefix: 'PQX',
    services: [
      {
        serviceKey: 'express',
        firstKg: mxn(150, 180, 205, 230, 255, 280, 305),
        extraKg: mxn(20, 27, 34, 41, 48, 55, 63),
        transitDays: [
          [1, 1],
          [1, 1],
          [1, 2],
          [1, 2],
          [2, 2],
          [2, 2],
          [2, 2],
        ],
        maxWeightKg: 70,
        maxSideCm: 200,
        maxLengthPlusGirthCm: 400,
      },
      {
        // Ground freight takes heavier pieces than the express services.
        serviceKey: 'estandar',
        firstKg: mxn(98, 118, 135, 150, 165, 180, 198),
        extraKg: mxn(10, 13, 17, 21, 25, 29, 34),
        transitDays: [
          [2, 2],
          [2, 3],
          [2, 3],
          [3, 4],
          [3, 4],
          [4, 5],
          [4, 5],
        ],
        maxWeightKg: 100,
        maxSideCm: 200,
        maxLengthPlusGirthCm: 400,
      },
    ],
  },
  redpack: {
    carrier: 'redpack',
    fuelSurchargeBasisPoints: 1100,
    extendedZoneSurcharge: 15_000,
    extendedZoneExtraDays: 2,
    trackingFormat: { prefix: '', digits: 9 },
    pickupPrefix: 'RPK',
    services: [
      {
        serviceKey: 'express',
        firstKg: mxn(155, 185, 210, 235, 260, 285, 310),
        extraKg: mxn(22, 29, 36, 43, 50, 57, 65),
        transitDays: [
          [1, 1],
          [1, 1],
          [1, 2],
          [1, 2],
          [1, 2],
          [2, 2],
          [2, 2],
        ],
        ...REDPACK_LIMITS,
      },
      {
        serviceKey: 'ecoexpress',
        firstKg: mxn(95, 115, 130, 145, 160, 175, 195),
        extraKg: mxn(11, 15, 19, 23, 27, 31, 36),
        transitDays: [
          [3, 3],
          [3, 4],
          [3, 4],
          [4, 5],
          [4, 5],
          [5, 6],
          [5, 6],
        ],
        ...REDPACK_LIMITS,
      },
    ],
  },
  // Urban deliveries only: the same day inside one metropolitan area (zones 1–2: Mexico City to
  // the State of Mexico is zone 2), the next day between metropolitan areas up to zone 4, and
  // nothing to rural postal codes.
  '99minutos': {
    carrier: '99minutos',
    fuelSurchargeBasisPoints: 0,
    extendedZoneSurcharge: null,
    extendedZoneExtraDays: 0,
    trackingFormat: { prefix: '99M', digits: 10 },
    pickupPrefix: '99M',
    services: [
      {
        serviceKey: 'same_day',
        firstKg: mxn(99, 119),
        extraKg: mxn(12, 15),
        transitDays: everyZone(0, 0, 2),
        maxWeightKg: 25,
        maxSideCm: 100,
        maxLengthPlusGirthCm: 250,
        metro: 'same_area',
      },
      {
        serviceKey: 'next_day',
        firstKg: mxn(85, 110, 135, 160),
        extraKg: mxn(10, 14, 18, 22),
        transitDays: everyZone(1, 1, 4),
        maxWeightKg: 25,
        maxSideCm: 100,
        maxLengthPlusGirthCm: 250,
        metro: 'any_area',
      },
    ],
  },
};
