import type { ExitView, StaffExitView, WarehouseView } from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import type { AccountsService } from '../accounts';
import type { WarehousesService } from '../inventory';
import * as repository from './exits.repository';
import type { ExitRow } from './exits.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What both audiences read of exits: the merchant's view, and staff's with the organization. */
export class ExitViews {
  constructor(
    private readonly deps: {
      warehouses: Pick<WarehousesService, 'list'>;
      accounts: Pick<AccountsService, 'organizationNames'>;
    },
  ) {}

  async one(db: DbOrTx, row: ExitRow): Promise<ExitView> {
    const [view] = await this.many(db, [row]);
    return view!;
  }

  async staff(db: DbOrTx, row: ExitRow): Promise<StaffExitView> {
    return this.staffOf(row, await this.one(db, row));
  }

  async staffOf(row: ExitRow, view: ExitView): Promise<StaffExitView> {
    const names = await this.deps.accounts.organizationNames([row.organizationId]);
    return {
      ...view,
      organization: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
    };
  }

  async many(db: DbOrTx, rows: ExitRow[]): Promise<ExitView[]> {
    const [lines, warehouses] = await Promise.all([
      repository.findLines(
        db,
        rows.map((row) => row.id),
      ),
      this.deps.warehouses.list(),
    ]);
    return rows.map((row) => {
      const warehouse: WarehouseView | undefined = warehouses.find((w) => w.id === row.warehouseId);
      const party = row.destination;
      return {
        id: row.id,
        number: row.number,
        status: row.status,
        warehouse: {
          id: row.warehouseId,
          name: warehouse?.name ?? '',
          code: warehouse?.code ?? null,
        },
        destination: {
          kind: row.destinationKind,
          name: row.destinationName,
          address: {
            street: party.street,
            external_number: party.external_number,
            internal_number: party.internal_number,
            reference: party.reference,
            neighborhood: party.neighborhood,
            city: party.city,
            municipality: party.municipality,
            state: party.state,
            zip: party.zip,
            country: party.country,
          },
        },
        reference: row.reference,
        notes: row.notes,
        lines: lines
          .filter((line) => line.exitId === row.id && line.quantity > 0)
          .map((line) => ({
            variant_id: line.variantId,
            product_name: line.productName,
            variant_title: line.variantTitle,
            sku: line.sku,
            barcode: line.barcode,
            quantity: line.quantity,
          })),
        guide: row.shipmentId
          ? { shipment_id: row.shipmentId, tracking_number: row.trackingNumber }
          : null,
        created_at: row.createdAt.toISOString(),
        processing_at: iso(row.processingAt),
        shipped_at: iso(row.shippedAt),
        cancelled_at: iso(row.cancelledAt),
      };
    });
  }
}
