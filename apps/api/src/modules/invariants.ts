// Every module's invariants, registered in one place as the services are in services.ts: each
// module checks its own records (the stock ledger, the wallet) and what it expects of another
// module's (an exit of its stock, a guide of its hold), and `npm run stock:verify` /
// `ledger:verify` (and the tests) run every check of a subject in one snapshot.
import type { DbOrTx } from '../platform/db';
import { checkInvariants, checksOf, type InvariantSet } from '../platform/invariants';
import { embarqueMoneyInvariants } from './embarques/embarques.verify';
import { exitStockInvariants } from './exits/exits.verify';
import { stockInvariants } from './inventory/stock.verify';
import { orderStockInvariants } from './orders/orders.verify';
import {
  guidesMadeInvariants,
  labelMoneyInvariants,
  labelStockInvariants,
} from './shipments/shipments.verify';
import { ledgerInvariants } from './wallet/ledger.verify';

export const INVARIANTS: readonly InvariantSet[] = [
  stockInvariants,
  exitStockInvariants,
  orderStockInvariants,
  labelStockInvariants,
  ledgerInvariants,
  labelMoneyInvariants,
  guidesMadeInvariants,
  embarqueMoneyInvariants,
];

export const STOCK_CHECKS = Object.keys(checksOf(INVARIANTS, 'stock'));
export const LEDGER_CHECKS = Object.keys(checksOf(INVARIANTS, 'money'));

/** Every stock check (inventory's and its consumers'); an empty answer means all hold. */
export const verifyStock = (db: DbOrTx) => checkInvariants(db, checksOf(INVARIANTS, 'stock'));

/** Every money check (the wallet's and its consumers'); an empty answer means all hold. */
export const verifyLedger = (db: DbOrTx) => checkInvariants(db, checksOf(INVARIANTS, 'money'));
