import type {
  AuditEntry,
  ConversationMessage,
  PageMeta,
  StaffAuditQuery,
  StaffConversation,
  StaffConversationsQuery,
  StaffConversationSummary,
  StaffVerification,
  StaffVerificationsQuery,
  StaffVerificationSummary,
  VerificationDocumentKind,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { StoredFile } from '../../platform/files';
import type { AccountsService } from '../accounts';
import type { ConversationForStaff, SupportService } from '../support';
import type { VerificationForStaff, VerificationService } from '../verification';

export interface StaffDeps {
  support: SupportService;
  accounts: AccountsService;
  verification: VerificationService;
  audit: AuditLog;
}

type Page<T> = { data: T[]; meta: PageMeta };

/**
 * The operators' console: what platform staff see and do across organizations — consultant
 * chats, the account verification queue — and the audit log of what they did.
 */
export class StaffService {
  constructor(private readonly deps: StaffDeps) {}

  // Consultant chats

  async conversations(query: StaffConversationsQuery): Promise<Page<StaffConversationSummary>> {
    const page = await this.deps.support.listForStaff(query);
    return { data: await this.named(page.data), meta: page.meta };
  }

  async conversation(id: string): Promise<StaffConversation> {
    return this.namedOne(await this.deps.support.conversationForStaff(id));
  }

  answer(id: string, staffUserId: string, body: string): Promise<ConversationMessage> {
    return this.deps.support.answerAsStaff(id, staffUserId, body);
  }

  async close(id: string, staffUserId: string): Promise<StaffConversation> {
    return this.namedOne(await this.deps.support.closeForStaff(id, staffUserId));
  }

  // Account verification

  async verifications(query: StaffVerificationsQuery): Promise<Page<StaffVerificationSummary>> {
    const page = await this.deps.verification.listForStaff(query);
    return { data: await this.named(page.data), meta: page.meta };
  }

  async verification(organizationId: string): Promise<StaffVerification> {
    return this.namedOne(await this.deps.verification.forStaff(organizationId));
  }

  verificationDocument(
    organizationId: string,
    kind: VerificationDocumentKind,
  ): Promise<StoredFile> {
    return this.deps.verification.documentForStaff(organizationId, kind);
  }

  async approve(organizationId: string, staffUserId: string): Promise<StaffVerification> {
    return this.namedOne(await this.deps.verification.approve(organizationId, staffUserId));
  }

  async reject(
    organizationId: string,
    staffUserId: string,
    reason: string,
  ): Promise<StaffVerification> {
    return this.namedOne(await this.deps.verification.reject(organizationId, staffUserId, reason));
  }

  // Audit log

  async audit(query: StaffAuditQuery): Promise<Page<AuditEntry>> {
    const { rows, total } = await this.deps.audit.list({
      ...query,
      organizationId: query.organization_id,
    });
    const [names, emails] = await Promise.all([
      this.deps.accounts.organizationNames(
        rows.flatMap((row) => (row.organizationId ? [row.organizationId] : [])),
      ),
      this.deps.accounts.userEmails(rows.map((row) => row.actorId)),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        action: row.action,
        subject_type: row.subjectType,
        subject_id: row.subjectId,
        organization_id: row.organizationId,
        organization_name: row.organizationId ? (names.get(row.organizationId) ?? null) : null,
        actor_id: row.actorId,
        actor_email: emails.get(row.actorId) ?? '',
        before: row.before,
        after: row.after,
        created_at: row.createdAt.toISOString(),
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
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

  private async namedOne<T extends ConversationForStaff | VerificationForStaff>(
    item: T,
  ): Promise<T & { organization_name: string }> {
    const [result] = await this.named([item]);
    return result!;
  }
}
