import { carriersContract, type CarrierAccountUpdate } from '@despacho/domain';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

/** Shared by the carriers screen and the screens that offer the enabled carriers (quotes). */
export const carriersKeys = queryKeys(carriersContract);

export const carriersApi = {
  list: () => unwrap(call(carriersContract.list)),
  enabled: () => unwrap(call(carriersContract.enabled)),
  setEnabled: (key: string, enabled: boolean) =>
    unwrap(call(carriersContract.setEnabled, { params: { key }, body: { enabled } })),
  accounts: () => unwrap(call(carriersContract.accounts)),
  setAccount: (key: string, body: CarrierAccountUpdate) =>
    unwrap(call(carriersContract.setAccount, { params: { key }, body })),
  removeAccount: (key: string) => unwrap(call(carriersContract.removeAccount, { params: { key } })),
};
