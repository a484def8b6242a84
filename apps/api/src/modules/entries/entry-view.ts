import {
  lineStockStatus,
  missingProductData,
  type EntryListItem,
  type EntryView,
  type VariantPick,
  type WarehouseView,
} from '@despacho/domain';
import type { EntryRow, IncidentRow, LineRow, ListedEntry, PhotoRow } from './entries.repository';

/** A warehouse as an entry shows it; one no longer listed keeps its id. */
export function warehouseOf(warehouses: readonly WarehouseView[], id: string) {
  const found = warehouses.find((warehouse) => warehouse.id === id);
  return { id, name: found?.name ?? '', code: found?.code ?? '' };
}

/** The warehouse with where to send the goods, as an entry's page shows it. */
function destinationOf(warehouses: readonly WarehouseView[], id: string) {
  const found = warehouses.find((warehouse) => warehouse.id === id);
  return {
    ...warehouseOf(warehouses, id),
    address: found?.address ?? null,
    contact_phone: found?.contact_phone ?? null,
  };
}

export function listItem(row: ListedEntry, warehouses: readonly WarehouseView[]): EntryListItem {
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    warehouse: warehouseOf(warehouses, row.warehouseId),
    expected_date: row.expectedDate,
    status: row.status,
    lines_count: row.linesCount,
    expected_total: row.expectedTotal,
    received_total: row.receivedTotal,
    open_incidents: row.openIncidents,
    created_at: row.createdAt.toISOString(),
  };
}

function incidentView(incident: IncidentRow, photos: readonly PhotoRow[]) {
  return {
    id: incident.id,
    line_id: incident.lineId,
    kind: incident.kind,
    quantity: incident.quantity,
    note: incident.note,
    photos: photos.filter((photo) => photo.incidentId === incident.id).map(({ id }) => ({ id })),
    answer: incident.answer,
    answered_at: incident.answeredAt?.toISOString() ?? null,
    resolved: incident.resolvedAt !== null,
    created_at: incident.createdAt.toISOString(),
  };
}

export interface EntryParts {
  entry: EntryRow;
  lines: readonly LineRow[];
  incidents: readonly IncidentRow[];
  photos: readonly PhotoRow[];
  variants: readonly VariantPick[];
  warehouses: readonly WarehouseView[];
}

export function entryView({
  entry,
  lines,
  incidents,
  photos,
  variants,
  warehouses,
}: EntryParts): EntryView {
  return {
    id: entry.id,
    number: entry.number,
    reference: entry.reference,
    warehouse: destinationOf(warehouses, entry.warehouseId),
    expected_date: entry.expectedDate,
    carrier: entry.carrier,
    tracking_number: entry.trackingNumber,
    status: entry.status,
    closed_short: entry.closedShort,
    created_at: entry.createdAt.toISOString(),
    lines: lines.map((line) => {
      const variant = variants.find((candidate) => candidate.id === line.variantId);
      const own = incidents.filter((incident) => incident.lineId === line.id);
      return {
        id: line.id,
        variant_id: line.variantId,
        product_id: variant?.product_id ?? '',
        product_name: variant?.product_name ?? '',
        variant_title: variant?.title ?? '',
        sku: variant?.sku ?? null,
        barcode: variant?.barcode ?? null,
        expected: line.expected,
        received: line.received,
        accepted: line.accepted,
        not_sellable: line.notSellable,
        stock_status: lineStockStatus({
          received: line.received,
          not_sellable: line.notSellable,
          open_incidents: own.filter((incident) => incident.resolvedAt === null).length,
        }),
        missing_data: variant ? missingProductData(variant) : [],
        incidents: own.map((incident) => incidentView(incident, photos)),
      };
    }),
  };
}
