import { VOLUMETRIC_DIVISOR, type PackageUnit } from '../packages/schemas';
import type { QuoteParcel } from './quotes';

/**
 * What every carrier's rate starts from: the state a postal code belongs to, the zone between
 * two states, and the weight a carrier bills. Pure facts and arithmetic, no prices (those are
 * each carrier's tariff).
 */

/** The 32 federal entities, by their ISO 3166-2:MX codes. */
export const MEXICAN_STATES = {
  AGU: 'Aguascalientes',
  BCN: 'Baja California',
  BCS: 'Baja California Sur',
  CAM: 'Campeche',
  CHH: 'Chihuahua',
  CHP: 'Chiapas',
  CMX: 'Ciudad de México',
  COA: 'Coahuila',
  COL: 'Colima',
  DUR: 'Durango',
  GRO: 'Guerrero',
  GUA: 'Guanajuato',
  HID: 'Hidalgo',
  JAL: 'Jalisco',
  MEX: 'Estado de México',
  MIC: 'Michoacán',
  MOR: 'Morelos',
  NAY: 'Nayarit',
  NLE: 'Nuevo León',
  OAX: 'Oaxaca',
  PUE: 'Puebla',
  QUE: 'Querétaro',
  ROO: 'Quintana Roo',
  SIN: 'Sinaloa',
  SLP: 'San Luis Potosí',
  SON: 'Sonora',
  TAB: 'Tabasco',
  TAM: 'Tamaulipas',
  TLA: 'Tlaxcala',
  VER: 'Veracruz',
  YUC: 'Yucatán',
  ZAC: 'Zacatecas',
} as const;
export type MexicanState = keyof typeof MEXICAN_STATES;

/**
 * The first two digits of a postal code name its state (SEPOMEX assigns ranges per state):
 * [first prefix, last prefix, state], in order.
 */
const ZIP_PREFIXES: readonly (readonly [number, number, MexicanState])[] = [
  [1, 16, 'CMX'],
  [20, 20, 'AGU'],
  [21, 22, 'BCN'],
  [23, 23, 'BCS'],
  [24, 24, 'CAM'],
  [25, 27, 'COA'],
  [28, 28, 'COL'],
  [29, 30, 'CHP'],
  [31, 33, 'CHH'],
  [34, 35, 'DUR'],
  [36, 38, 'GUA'],
  [39, 41, 'GRO'],
  [42, 43, 'HID'],
  [44, 49, 'JAL'],
  [50, 57, 'MEX'],
  [58, 61, 'MIC'],
  [62, 62, 'MOR'],
  [63, 63, 'NAY'],
  [64, 67, 'NLE'],
  [68, 71, 'OAX'],
  [72, 75, 'PUE'],
  [76, 76, 'QUE'],
  [77, 77, 'ROO'],
  [78, 79, 'SLP'],
  [80, 82, 'SIN'],
  [83, 85, 'SON'],
  [86, 86, 'TAB'],
  [87, 89, 'TAM'],
  [90, 90, 'TLA'],
  [91, 96, 'VER'],
  [97, 97, 'YUC'],
  [98, 99, 'ZAC'],
];

const STATE_BY_PREFIX: (MexicanState | null)[] = Array.from({ length: 100 }, (_, prefix) => {
  const range = ZIP_PREFIXES.find(([first, last]) => prefix >= first && prefix <= last);
  return range ? range[2] : null;
});

/** The state of a 5-digit postal code; null for anything else or a prefix no state uses. */
export function stateOfZip(zip: string): MexicanState | null {
  if (!/^\d{5}$/.test(zip)) return null;
  return STATE_BY_PREFIX[Number(zip.slice(0, 2))] ?? null;
}

/** Latitude and longitude (degrees) of each state's capital: where its zone distances start. */
export const STATE_CAPITALS: Record<MexicanState, { city: string; lat: number; lon: number }> = {
  AGU: { city: 'Aguascalientes', lat: 21.8853, lon: -102.2916 },
  BCN: { city: 'Mexicali', lat: 32.6245, lon: -115.4523 },
  BCS: { city: 'La Paz', lat: 24.1426, lon: -110.3128 },
  CAM: { city: 'Campeche', lat: 19.8301, lon: -90.5349 },
  CHH: { city: 'Chihuahua', lat: 28.632, lon: -106.0691 },
  CHP: { city: 'Tuxtla Gutiérrez', lat: 16.7516, lon: -93.1029 },
  CMX: { city: 'Ciudad de México', lat: 19.4326, lon: -99.1332 },
  COA: { city: 'Saltillo', lat: 25.4232, lon: -101.0053 },
  COL: { city: 'Colima', lat: 19.2452, lon: -103.7241 },
  DUR: { city: 'Durango', lat: 24.0277, lon: -104.6532 },
  GRO: { city: 'Chilpancingo', lat: 17.5506, lon: -99.5058 },
  GUA: { city: 'Guanajuato', lat: 21.019, lon: -101.2574 },
  HID: { city: 'Pachuca', lat: 20.1011, lon: -98.7591 },
  JAL: { city: 'Guadalajara', lat: 20.6597, lon: -103.3496 },
  MEX: { city: 'Toluca', lat: 19.2826, lon: -99.6557 },
  MIC: { city: 'Morelia', lat: 19.706, lon: -101.195 },
  MOR: { city: 'Cuernavaca', lat: 18.9242, lon: -99.2216 },
  NAY: { city: 'Tepic', lat: 21.5042, lon: -104.8946 },
  NLE: { city: 'Monterrey', lat: 25.6866, lon: -100.3161 },
  OAX: { city: 'Oaxaca', lat: 17.0732, lon: -96.7266 },
  PUE: { city: 'Puebla', lat: 19.0414, lon: -98.2063 },
  QUE: { city: 'Querétaro', lat: 20.5888, lon: -100.3899 },
  ROO: { city: 'Chetumal', lat: 18.5001, lon: -88.2961 },
  SIN: { city: 'Culiacán', lat: 24.8091, lon: -107.394 },
  SLP: { city: 'San Luis Potosí', lat: 22.1565, lon: -100.9855 },
  SON: { city: 'Hermosillo', lat: 29.0729, lon: -110.9559 },
  TAB: { city: 'Villahermosa', lat: 17.9892, lon: -92.9475 },
  TAM: { city: 'Ciudad Victoria', lat: 23.7369, lon: -99.1411 },
  TLA: { city: 'Tlaxcala', lat: 19.3182, lon: -98.2375 },
  VER: { city: 'Xalapa', lat: 19.5438, lon: -96.9102 },
  YUC: { city: 'Mérida', lat: 20.9674, lon: -89.5926 },
  ZAC: { city: 'Zacatecas', lat: 22.7709, lon: -102.5833 },
};

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) between two states' capitals, in kilometres. */
export function distanceBetweenStatesKm(origin: MexicanState, destination: MexicanState): number {
  const a = STATE_CAPITALS[origin];
  const b = STATE_CAPITALS[destination];
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Zones 2–7 by the distance between the states' capitals: below each limit (km) the zone of its
 * position; at or beyond the last one, zone 7. Zone 1 is the same state, whatever its size.
 */
export const ZONE_DISTANCE_LIMITS_KM = [300, 600, 1000, 1400, 1800] as const;
export const MAX_ZONE = 7;

/**
 * The zone between two states: 1 inside one state, then 2 (under 300 km between the capitals),
 * 3 (under 600), 4 (under 1,000), 5 (under 1,400), 6 (under 1,800) and 7 (farther), the way
 * Mexican carriers band their tariffs. The same both ways.
 */
export function zoneBetween(origin: MexicanState, destination: MexicanState): number {
  if (origin === destination) return 1;
  const distance = distanceBetweenStatesKm(origin, destination);
  const band = ZONE_DISTANCE_LIMITS_KM.findIndex((limit) => distance < limit);
  return band === -1 ? MAX_ZONE : band + 2;
}

/** Volumetric weight in kg of a parcel in cm: L×W×H/5000. */
export function volumetricWeightKg(parcel: QuoteParcel): number {
  return (parcel.length_cm * parcel.width_cm * parcel.height_cm) / VOLUMETRIC_DIVISOR.cm_kg;
}

// Floating-point products (12.5 × 20 × 20 / 5000) may land a hair above a whole kilogram; a
// millionth of a kilogram is far below any scale's precision.
const roundUpKg = (kg: number) => Math.ceil(Math.round(kg * 1e6) / 1e6);

/**
 * The weight a carrier bills for one parcel: the greater of its actual and volumetric weight,
 * rounded up to the whole kilogram (1.01 kg bills 2 kg).
 */
export function billableWeightKg(parcel: QuoteParcel): number {
  return roundUpKg(Math.max(parcel.weight_kg, volumetricWeightKg(parcel)));
}

/** The billable weight of a shipment: each parcel rounded up on its own, then added. */
export function totalBillableWeightKg(parcels: readonly QuoteParcel[]): number {
  return parcels.reduce((sum, parcel) => sum + billableWeightKg(parcel), 0);
}

export const CM_PER_INCH = 2.54;
export const KG_PER_POUND = 0.45359237;

const toDecimals = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A parcel as typed (in the package's unit) in centimetres and kilograms, the way quotes and
 * carriers take it: in/lb converted (1 in = 2.54 cm, 1 lb = 0.45359237 kg) and kept at the
 * packages' precision, 2 decimals for centimetres and 3 for kilograms (grams).
 */
export function parcelInCmKg(input: {
  unit?: PackageUnit | undefined;
  length: number;
  width: number;
  height: number;
  weight: number;
}): QuoteParcel {
  const inches = input.unit === 'in_lb';
  const cm = (value: number) => toDecimals(inches ? value * CM_PER_INCH : value, 2);
  return {
    length_cm: cm(input.length),
    width_cm: cm(input.width),
    height_cm: cm(input.height),
    weight_kg: toDecimals(inches ? input.weight * KG_PER_POUND : input.weight, 3),
  };
}
