import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { organizations, users } from './accounts.tables';
import { invitations } from './invitations.tables';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = Omit<typeof invitations.$inferInsert, 'id' | 'acceptedAt'>;

const inviter = { inviter: { name: users.name, lastName: users.lastName, email: users.email } };
const pending = (organizationId: string) =>
  and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt));

/** A new pending invitation, or the email's pending one with a new token, role and expiry. */
export async function upsertInvitation(db: DbOrTx, values: NewInvitation) {
  const [row] = await db
    .insert(invitations)
    .values(values)
    .onConflictDoUpdate({
      target: [invitations.organizationId, invitations.email],
      targetWhere: isNull(invitations.acceptedAt),
      set: {
        name: values.name,
        role: values.role,
        permissions: values.permissions,
        tokenHash: values.tokenHash,
        invitedBy: values.invitedBy,
        createdAt: values.createdAt,
        expiresAt: values.expiresAt,
      },
    })
    .returning();
  return row!;
}

/** The invitation behind a token, with its organization's name and who sent it. */
export async function findInvitationByToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select({ invitation: invitations, company: organizations.company, ...inviter })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update', { of: invitations }) : query);
  return row;
}

/** One page of the organization's pending invitations, newest first, and how many there are. */
export async function findPendingInvitations(
  db: DbOrTx,
  organizationId: string,
  page: { page: number; pageSize: number },
) {
  const where = pending(organizationId);
  const [rows, total] = await Promise.all([
    db
      .select({ invitation: invitations, ...inviter })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.invitedBy))
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.$count(invitations, where),
  ]);
  return { rows, total };
}

/** Withdraws a pending invitation; false when there is none with this id. */
export async function deletePendingInvitation(db: DbOrTx, organizationId: string, id: string) {
  const deleted = await db
    .delete(invitations)
    .where(and(pending(organizationId), eq(invitations.id, id)))
    .returning({ id: invitations.id });
  return deleted.length > 0;
}

export async function markInvitationAccepted(db: DbOrTx, row: InvitationRow, at: Date) {
  await db
    .update(invitations)
    .set({ acceptedAt: at })
    .where(and(eq(invitations.organizationId, row.organizationId), eq(invitations.id, row.id)));
}
