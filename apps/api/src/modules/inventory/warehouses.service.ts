import type {
  AdjustmentView,
  StaffAdjustmentData,
  WarehouseData,
  WarehouseView,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { addressValues, addressView } from '../addresses';
import type { AdjustmentCall, InventoryService } from './inventory.service';
import * as locations from './stock-locations.repository';

function warehouseView(row: locations.WarehouseRow): WarehouseView {
  return {
    id: row.id,
    name: row.name,
    code: row.code!,
    address: addressView(row.address),
    contact_phone: row.address.contactPhone,
    contact_email: row.address.contactEmail,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

const values = (input: WarehouseData) => ({
  name: input.name,
  code: input.code,
  address: addressValues(input.address),
  contactPhone: input.contact_phone,
  contactEmail: input.contact_email ?? null,
});

/**
 * The platform's warehouses (`/staff/warehouses`) and the stock adjustments staff make there.
 * Every change is audited in its own transaction.
 */
export class WarehousesService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; audit: AuditLog; inventory: InventoryService },
  ) {}

  async list(): Promise<WarehouseView[]> {
    return (await locations.findWarehouses(this.deps.db)).map(warehouseView);
  }

  private async get(db: DbOrTx, id: string): Promise<WarehouseView> {
    const [row] = await locations.findWarehouses(db, id);
    if (!row) throw notFound();
    return warehouseView(row);
  }

  async create(input: WarehouseData, actorId: string): Promise<WarehouseView> {
    const now = this.deps.clock.now();
    const created = await locations.unlessCodeTaken(() =>
      this.deps.db.transaction(async (tx) => {
        const id = await locations.insertWarehouse(tx, values(input), now);
        const after = await this.get(tx, id);
        await this.audited(tx, actorId, 'warehouse.create', id, null, after);
        return after;
      }),
    );
    if (created === 'code_taken') throw new AppError('WAREHOUSE_CODE_TAKEN');
    return created;
  }

  async update(id: string, input: WarehouseData, actorId: string): Promise<WarehouseView> {
    const now = this.deps.clock.now();
    const updated = await locations.unlessCodeTaken(() =>
      this.deps.db.transaction(async (tx) => {
        if (!(await locations.lockWarehouse(tx, id))) throw notFound();
        const before = await this.get(tx, id);
        await locations.updateWarehouse(tx, id, values(input), now);
        const after = await this.get(tx, id);
        await this.audited(tx, actorId, 'warehouse.update', id, before, after);
        return after;
      }),
    );
    if (updated === 'code_taken') throw new AppError('WAREHOUSE_CODE_TAKEN');
    return updated;
  }

  /** Deactivating is refused (STOCK_LOCATION_HOLDS_STOCK) while any merchant keeps stock there. */
  async setStatus(id: string, active: boolean, actorId: string): Promise<WarehouseView> {
    return this.deps.db.transaction(async (tx) => {
      const current = await locations.lockWarehouse(tx, id);
      if (!current) throw notFound();
      if (current.active === active) return this.get(tx, id);
      if (!active && (await locations.holdsStock(tx, id))) {
        throw new AppError('STOCK_LOCATION_HOLDS_STOCK');
      }
      const before = await this.get(tx, id);
      await locations.setActive(tx, id, active);
      const after = await this.get(tx, id);
      await this.audited(tx, actorId, 'warehouse.status', id, before, after);
      return after;
    });
  }

  /**
   * A merchant's stock counted or damaged at a platform warehouse, as staff see it; only
   * warehouses (STAFF_ADJUST_WAREHOUSES_ONLY at a merchant's own location). Audited with the
   * operation, once: a replay writes nothing.
   */
  async adjust(
    input: StaffAdjustmentData,
    call: Omit<AdjustmentCall, 'cause'>,
  ): Promise<AdjustmentView> {
    const { organization_id: organizationId, ...adjustment } = input;
    const location = await locations.findStockLocation(
      this.deps.db,
      organizationId,
      adjustment.location_id,
    );
    if (!location) throw notFound();
    if (location.kind !== 'warehouse') throw new AppError('STAFF_ADJUST_WAREHOUSES_ONLY');
    return this.deps.db.transaction(async (tx) => {
      const applied = await this.deps.inventory.applyAdjustment(tx, organizationId, adjustment, {
        ...call,
        cause: 'staff_adjustment',
      });
      if (!applied.replayed) {
        await this.deps.audit.record(tx, {
          actorId: call.actorId,
          action: 'stock.adjust',
          subjectType: 'stock_operation',
          subjectId: applied.operation_id,
          organizationId,
          before: null,
          after: { ...adjustment },
        });
      }
      return applied;
    });
  }

  private audited(
    tx: DbOrTx,
    actorId: string,
    action: 'warehouse.create' | 'warehouse.update' | 'warehouse.status',
    id: string,
    before: WarehouseView | null,
    after: WarehouseView,
  ) {
    return this.deps.audit.record(tx, {
      actorId,
      action,
      subjectType: 'warehouse',
      subjectId: id,
      organizationId: null,
      before,
      after,
    });
  }
}
