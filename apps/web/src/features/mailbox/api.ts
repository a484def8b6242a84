import type { MailboxMessage } from '@despacho/domain';
import { http, unwrap, type ApiData } from '../../lib/http';

export const mailboxApi = {
  /** Outside production: every mail and SMS the app wrote instead of sending. */
  list: () => unwrap(http.get<ApiData<MailboxMessage[]>>('/dev/mailbox')),
};
