// The wallet module's public surface (ARCHITECTURE §2): what other modules may import.
export type { BankStatementsService } from './bank-statements.service';
export type { BankTransfersService } from './bank-transfers.service';
export type { CardDepositsService } from './card-deposits.service';
export type { DepositRow } from './deposits.repository';
export type { DepositsService } from './deposits.service';
export { movementRequestHash, type LedgerService, type Line } from './ledger.service';
export type { SpeiAccountsService } from './spei-accounts.service';
export type { TransactionsService } from './transactions.service';
