// The inventory module's public surface: the stock ledger other modules apply operations through
// (a label purchase reserving stock, an order's fulfilment) and the inventory service.
export type { AppliedOperation, StockLedger, StockOperation } from './stock-ledger';
export type { InventoryService } from './inventory.service';
export type { WarehousesService } from './warehouses.service';
