import type { StockLocationView } from '@despacho/domain';
import type { LocationColumns } from './inventory.repository';
import type { StockLocationRow } from './stock-locations.repository';

export function stockLocationView(row: StockLocationRow): StockLocationView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    code: row.code,
    location_id: row.locationId,
    active: row.active,
  };
}

/** The location of a joined inventory or movement row. */
export function joinedLocationView(row: LocationColumns): StockLocationView {
  return {
    id: row.location_id,
    kind: row.location_kind,
    name: row.location_name,
    code: row.location_code,
    location_id: row.location_book_id,
    active: row.location_active,
  };
}
