// The inventory module's public surface: the stock ledger whose verbs other modules move stock
// with (a label purchase reserving stock, an exit shipping it) and the inventory services.
export type {
  AppliedOperation,
  SellableBucket,
  StockCall,
  StockCause,
  StockLedger,
  StockUnits,
} from './stock-ledger';
// What a module that calls `stock_move` in its own SQL answers with (exits' dispatch).
export { applied, type AppliedRow } from './stock-ledger';
export type { InventoryService } from './inventory.service';
export type { WarehousesService } from './warehouses.service';
