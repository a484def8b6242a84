// The inventory module's public surface: the stock ledger other modules apply operations through
// (a label purchase reserving stock, an order's fulfilment).
export type { AppliedOperation, StockLedger, StockOperation } from './stock-ledger';
