import countries from 'i18n-iso-countries';
import type { T1Reason } from '@despacho/domain';
import type { StoredCustoms } from '../shipments';
import type { DeclarationRow } from './declarations.repository';

/** Our reasons as carriers' export declarations name them. */
const CARRIER_REASONS: Record<T1Reason, string> = {
  sale: 'SALE',
  gift: 'GIFT',
  sample: 'SAMPLE',
  return: 'RETURN',
  repair: 'REPAIR',
  personal_effects: 'PERSONAL_USE',
  other: 'OTHER',
};

/**
 * What the carrier's label request carries for a T1 shipment (decision 036): the commercial
 * invoice's lines in English with their HS code (the 8-digit fracción, whose first 6 digits are
 * the HS code), origin (ISO alpha-2; SAT's c_Pais is alpha-3) and values in the invoice's
 * currency. Lines declare no weight, so the parcels' weight is shared over the units. The
 * invoice is numbered by the declaration (the PDF, made after the label, also prints the AWB).
 */
export function customsDeclarationOf(row: DeclarationRow, invoiceDate: string): StoredCustoms {
  const units = row.lines.reduce((sum, line) => sum + line.quantity, 0);
  const weightKg = row.parcels.reduce((sum, parcel) => sum + parcel.weight_kg, 0);
  const unitWeightKg = Math.max(0.001, Math.round((weightKg / units) * 1000) / 1000);
  return {
    incoterm: row.incoterm,
    reason: CARRIER_REASONS[row.reason],
    invoiceNumber: `T1-${row.id.slice(0, 8).toUpperCase()}`,
    invoiceDate,
    currency: row.currency,
    items: row.lines.map((line) => ({
      description: line.description,
      hsCode: line.fraction,
      originCountry: countries.alpha3ToAlpha2(line.origin_country) ?? line.origin_country,
      quantity: line.quantity,
      unitValue: line.unit_value,
      weightKg: unitWeightKg,
    })),
  };
}
