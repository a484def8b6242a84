import {
  grantLock,
  INVITATION_RULES,
  type Invitation,
  type InvitationCreate,
  type InvitationInfo,
  type Language,
  type PageMeta,
  type PaginationQuery,
  type Registration,
  type Session,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Outbox } from '../../platform/outbox';
import { hashPassword } from '../../platform/passwords';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/opaque-tokens';
import type { AccountSessions } from './account-sessions';
import type { AccountsService } from './accounts.service';
import { invitationMail } from './invitation-mail';
import {
  deletePendingInvitation,
  findInvitationByToken,
  findPendingInvitations,
  markInvitationAccepted,
  upsertInvitation,
} from './invitations.repository';
import { fullName, invitationView, roleHolder } from './organization-user-view';
import { chosenPermissions, type Actor } from './organization-users.service';

export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  accounts: AccountsService;
  sessions: AccountSessions;
}

const DAY_MS = 24 * 3_600_000;

/**
 * Invitations to an organization: mailed as a single-use link that expires in 7 days; the
 * invitee opens it, gives their name, phone and password, and is signed in as a user of the
 * inviting organization with the invited role.
 */
export class InvitationsService {
  constructor(private readonly deps: InvitationsDeps) {}

  /**
   * `POST users/organization-invitation`: a new link for the email, mailed through the outbox.
   * Inviting an email with a pending invitation replaces it (its old link stops working).
   */
  async invite(actor: Actor, input: InvitationCreate, language: Language): Promise<Invitation> {
    const { accounts, clock, config, outbox } = this.deps;
    return outbox.transaction(async (tx, queue) => {
      const inviter = await accounts.account(actor.userId, tx);
      const permissions = chosenPermissions(input.role, input.permissions);
      const lock = grantLock(roleHolder(inviter), input.role, permissions);
      if (lock) throw new AppError(lock);
      await this.checkEmailFree(input.email, actor.organizationId, tx);
      const now = clock.now();
      const { token, hash } = newOpaqueToken();
      const row = await upsertInvitation(tx, {
        organizationId: actor.organizationId,
        email: input.email,
        name: input.name || null,
        role: input.role,
        permissions,
        tokenHash: hash,
        invitedBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_RULES.ttlDays * DAY_MS),
      });
      const inviterName = fullName(inviter.user);
      await queue({
        channel: 'email',
        recipient: input.email,
        ...invitationMail(
          {
            link: `${config.APP_URL}/invitation?token=${encodeURIComponent(token)}`,
            company: inviter.organization?.company ?? '',
            inviter: inviterName,
            role: input.role,
            name: row.name,
          },
          language,
        ),
      });
      return invitationView(row, inviterName, now);
    });
  }

  /** `GET users/invitations`: the organization's pending invitations, expired ones included. */
  async pending(
    actor: Actor,
    page: PaginationQuery,
  ): Promise<{ data: Invitation[]; meta: PageMeta }> {
    const now = this.deps.clock.now();
    const { rows, total } = await findPendingInvitations(this.deps.db, actor.organizationId, page);
    return {
      data: rows.map((row) => invitationView(row.invitation, fullName(row.inviter), now)),
      meta: { ...page, total },
    };
  }

  /** `DELETE users/invitations/{id}`: withdraws a pending invitation; its link stops working. */
  async cancel(actor: Actor, id: string): Promise<void> {
    if (!(await deletePendingInvitation(this.deps.db, actor.organizationId, id))) {
      throw notFound();
    }
  }

  /** `GET users/invitation/validate-token`: who invites whom, before the invitee accepts. */
  async info(token: string): Promise<InvitationInfo> {
    const found = await this.open(token, this.deps.db);
    return {
      email: found.invitation.email,
      name: found.invitation.name,
      organization: found.company,
      inviter: fullName(found.inviter),
      role: found.invitation.role,
    };
  }

  /**
   * `POST users/create-by-invitation`: creates the user in the inviting organization with the
   * invited role, uses the invitation up and signs the new user in.
   *
   * The invitee's phone is not verified by SMS, unlike a self sign-up: the link reached their
   * mailbox, which proves who they are (as a recovery link would), and the organization that
   * invited them vouches for them. Their phone is contact data; it is marked verified because
   * that mark is what sign-in requires of a finished registration.
   */
  async accept(token: string, input: Registration, language: Language): Promise<Session> {
    const { accounts, clock, db, sessions } = this.deps;
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const { invitation } = await this.open(token, tx, true);
      const now = clock.now();
      const existing = await this.checkEmailFree(invitation.email, invitation.organizationId, tx);
      const role = await accounts.systemRole(invitation.organizationId, invitation.role, tx);
      const values = {
        name: input.name,
        lastName: input.last_name,
        phoneCountryCode: input.phone_country_code,
        phone: input.phone,
        passwordHash,
        phoneVerifiedAt: now,
        organizationId: invitation.organizationId,
        roleId: role.id,
        permissions: chosenPermissions(invitation.role, invitation.permissions),
      };
      // An unfinished sign-up with this email becomes the invited user: the link proves the email.
      const user = existing
        ? await accounts.updateUser(existing.id, values, tx)
        : await accounts.createUser({ ...values, email: invitation.email, language }, tx);
      await markInvitationAccepted(tx, invitation, now);
      return sessions.start(await accounts.account(user.id, tx), false, tx);
    });
  }

  /** The unused, unexpired invitation; TOKEN_INVALID (unknown, used) or TOKEN_EXPIRED. */
  private async open(token: string, db: DbOrTx, lock = false) {
    const found = await findInvitationByToken(db, hashOpaqueToken(token), lock);
    if (!found || found.invitation.acceptedAt) throw new AppError('TOKEN_INVALID');
    if (found.invitation.expiresAt <= this.deps.clock.now()) throw new AppError('TOKEN_EXPIRED');
    return found;
  }

  /**
   * A user belongs to one organization: refuses an email that already has a user here or
   * elsewhere (or is platform staff). Answers the locked user of an unfinished sign-up, if any.
   */
  private async checkEmailFree(email: string, organizationId: string, tx: DbOrTx) {
    const found = await this.deps.accounts.findByEmail(email, tx);
    if (!found) return undefined;
    const user = await this.deps.accounts.user(found.id, tx, true);
    if (user.organizationId === organizationId) throw new AppError('USER_ALREADY_IN_ORGANIZATION');
    if (user.organizationId || user.isStaff) throw new AppError('EMAIL_IN_OTHER_ORGANIZATION');
    return user;
  }
}
