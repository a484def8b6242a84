import type {
  ConversationMessage,
  PageMeta,
  StaffConversation,
  StaffConversationsQuery,
  StaffConversationSummary,
} from '@despacho/domain';
import type { AccountsService } from '../accounts/accounts.service';
import type { ConversationForStaff, SupportService } from '../support/support.service';

export interface StaffDeps {
  support: SupportService;
  accounts: AccountsService;
}

/** The operators' console: the consultant chats of every organization, named. */
export class StaffService {
  constructor(private readonly deps: StaffDeps) {}

  async conversations(
    query: StaffConversationsQuery,
  ): Promise<{ data: StaffConversationSummary[]; meta: PageMeta }> {
    const page = await this.deps.support.listForStaff(query);
    return { data: await this.named(page.data), meta: page.meta };
  }

  async conversation(id: string): Promise<StaffConversation> {
    return this.namedOne(await this.deps.support.conversationForStaff(id));
  }

  answer(id: string, staffUserId: string, body: string): Promise<ConversationMessage> {
    return this.deps.support.answerAsStaff(id, staffUserId, body);
  }

  async close(id: string): Promise<StaffConversation> {
    return this.namedOne(await this.deps.support.closeForStaff(id));
  }

  private async named<T extends { organization_id: string }>(
    items: T[],
  ): Promise<(T & { organization_name: string })[]> {
    const names = await this.deps.accounts.organizationNames(
      items.map((item) => item.organization_id),
    );
    return items.map((item) => ({
      ...item,
      organization_name: names.get(item.organization_id) ?? '',
    }));
  }

  private async namedOne(conversation: ConversationForStaff): Promise<StaffConversation> {
    const [result] = await this.named([conversation]);
    return result!;
  }
}
