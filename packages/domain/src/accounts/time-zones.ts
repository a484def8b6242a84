/**
 * The zones an organization's clock can be set to: Mexico's IANA zones (tzdb `zone.tab`, MX).
 * Every date a merchant sees and every calendar day a filter names is read in this zone.
 */
export const ORGANIZATION_TIME_ZONES = [
  'America/Mexico_City',
  'America/Cancun',
  'America/Merida',
  'America/Monterrey',
  'America/Matamoros',
  'America/Chihuahua',
  'America/Ciudad_Juarez',
  'America/Ojinaga',
  'America/Mazatlan',
  'America/Bahia_Banderas',
  'America/Hermosillo',
  'America/Tijuana',
] as const;
export type OrganizationTimeZone = (typeof ORGANIZATION_TIME_ZONES)[number];

/** Where most merchants are; also the clock of screens without an organization (staff, public). */
export const DEFAULT_TIME_ZONE: OrganizationTimeZone = 'America/Mexico_City';
