import type {
  Language,
  ShipmentSummary,
  T1Direction,
  T1Duties,
  T1QuoteView,
  T1ShipmentSummary,
} from '@despacho/domain';
import type { DeclarationRow } from './declarations.repository';
import { dutiesNote } from './rates.service';

/** The estimate as kept, its note in the reader's language. */
export const dutiesIn = (
  duties: T1Duties,
  direction: T1Direction,
  language: Language,
): T1Duties => ({
  ...duties,
  note: dutiesNote(duties, direction, language),
});

/** What a quote and a shipment show of the declaration. */
export function declarationView(row: DeclarationRow, language: Language) {
  return {
    direction: row.direction,
    location_id: row.locationId,
    abroad: row.abroad,
    currency: row.currency,
    // The Carta Porte keys stay on the server: the screens show the invoice's line.
    lines: row.lines.map(({ sat_product_code: _product, sat_unit_code: _unit, ...line }) => line),
    invoice_total_cents: row.invoiceTotalCents,
    incoterm: row.incoterm,
    reason: row.reason,
    reason_detail: row.reasonDetail,
    recipient_tax_id: row.recipientTaxId,
    reference: row.reference,
    duties: dutiesIn(row.duties, row.direction, language),
  } satisfies Partial<T1QuoteView>;
}

/** A row of the list: the declaration and its guide's list columns. */
export const t1Summary = (row: DeclarationRow, guide: ShipmentSummary): T1ShipmentSummary => ({
  id: guide.id,
  direction: row.direction,
  abroad_country: row.abroad.country,
  abroad_name: row.abroad.company
    ? `${row.abroad.contact_name} · ${row.abroad.company}`
    : row.abroad.contact_name,
  carrier_key: guide.carrier_key,
  carrier_name: guide.carrier_name,
  service_name: guide.service_name,
  tracking_number: guide.tracking_number,
  status: guide.status,
  purchase_state: guide.purchase_state,
  customs_status: row.customsStatus,
  incoterm: row.incoterm,
  currency: row.currency,
  invoice_total_cents: row.invoiceTotalCents,
  duties_mxn_centavos: row.duties.duties_mxn_centavos,
  cost: guide.cost,
  reference: row.reference,
  created_at: (row.purchasedAt ?? row.createdAt).toISOString(),
});
