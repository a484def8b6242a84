import { mailboxContract } from '@despacho/domain';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const mailboxKeys = queryKeys(mailboxContract);

export const mailboxApi = {
  /** Outside production: every mail and SMS the app wrote instead of sending. */
  list: () => unwrap(call(mailboxContract.list)),
};
