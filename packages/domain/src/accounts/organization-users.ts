import { z } from '../validation';
import { emailField, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { userSchema } from './schemas';
import {
  ALL_PERMISSIONS,
  rolePermissions,
  type PermissionKey,
  type SystemRole,
} from './permissions';

/**
 * Organization users (spec §6 "invited by email, created through an invitation code, updated,
 * and activated or deactivated"): the roles one can hold, the rules on who may change whom, and
 * the payloads of `users/*` calls. The rules are pure so the API enforces them and the screen
 * explains them (disabled controls with the reason) from the same code.
 */

/** The roles a user of an organization can hold, in the order the screen lists them. */
export const ORGANIZATION_ROLES = [
  'owner',
  'administrator',
  'member',
  'shipping',
] as const satisfies readonly SystemRole[];
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** An invitation link works once, for this many days. */
export const INVITATION_RULES = { ttlDays: 7 } as const;

/** Why a change to a user is refused; each is an error code with its message. */
export const USER_LOCKS = [
  'CANNOT_DEACTIVATE_SELF',
  'LAST_OWNER',
  'OWNER_ONLY',
  'PERMISSION_NOT_GRANTABLE',
] as const;
export type UserLock = (typeof USER_LOCKS)[number];

/** A user as these rules see them: who, with which role and effective permissions. */
export interface RoleHolder {
  id: string;
  role: string | null;
  permissions: readonly string[];
  status: UserStatus;
}

const holdsAll = (held: readonly string[], wanted: readonly string[]) =>
  wanted.every((key) => held.includes(key));

/** True for the organization's only active owner, who can never be removed. */
export function isLastOwner(target: RoleHolder, activeOwners: number): boolean {
  return target.role === 'owner' && target.status === 'active' && activeOwners <= 1;
}

/**
 * Why `actor` may not give a role (with, for members, their permissions): only owners make
 * owners, and nobody grants a permission they do not hold themselves.
 */
export function grantLock(
  actor: RoleHolder,
  role: OrganizationRole,
  permissions: readonly string[] = [],
): UserLock | null {
  if (role === 'owner' && actor.role !== 'owner') return 'OWNER_ONLY';
  if (!holdsAll(actor.permissions, rolePermissions(role, permissions))) {
    return 'PERMISSION_NOT_GRANTABLE';
  }
  return null;
}

/**
 * Why `actor` may not change `target` at all: only owners change owners, and nobody changes a
 * user who holds more than they do. Anyone may edit themselves (within the other rules).
 */
export function editLock(actor: RoleHolder, target: RoleHolder): UserLock | null {
  if (actor.id === target.id) return null;
  if (target.role === 'owner' && actor.role !== 'owner') return 'OWNER_ONLY';
  if (!holdsAll(actor.permissions, target.permissions)) return 'PERMISSION_NOT_GRANTABLE';
  return null;
}

/** Why `target`'s role may not change: the edit lock, or they are the last active owner. */
export function roleLock(
  actor: RoleHolder,
  target: RoleHolder,
  activeOwners: number,
): UserLock | null {
  return editLock(actor, target) ?? (isLastOwner(target, activeOwners) ? 'LAST_OWNER' : null);
}

/**
 * Why `target` may not be activated or deactivated by `actor`: nobody deactivates themselves,
 * the edit lock, and the last active owner stays active.
 */
export function statusLock(
  actor: RoleHolder,
  target: RoleHolder,
  activeOwners: number,
): UserLock | null {
  if (target.status === 'active' && actor.id === target.id) return 'CANNOT_DEACTIVATE_SELF';
  return editLock(actor, target) ?? (isLastOwner(target, activeOwners) ? 'LAST_OWNER' : null);
}

// ----- Payloads -----

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, { error: 'one_of' });
export const permissionKeySchema = z.enum(ALL_PERMISSIONS as [PermissionKey, ...PermissionKey[]], {
  error: 'one_of',
});

interface RoleAssignment {
  role: OrganizationRole;
  permissions?: PermissionKey[] | undefined;
}

/** A member needs at least one permission, each once; other roles ignore `permissions`. */
function withRolePermissions<T extends z.ZodType<RoleAssignment>>(schema: T) {
  return schema
    .refine((value) => value.role !== 'member' || (value.permissions?.length ?? 0) > 0, {
      error: 'at_least_one',
      path: ['permissions'],
    })
    .refine((value) => new Set(value.permissions).size === (value.permissions?.length ?? 0), {
      error: 'no_duplicates',
      path: ['permissions'],
    });
}

const roleFields = {
  role: organizationRoleSchema,
  /** Only for `member`: the menu modules and submodules they may open. */
  permissions: z.array(permissionKeySchema).max(ALL_PERMISSIONS.length).optional(),
};

/** `POST users/organization-invitation`. */
export const invitationCreateSchema = withRolePermissions(
  z.object({
    email: emailField,
    /** How the inviter calls the invitee; the invitee fills in their name themselves. */
    name: z.string().trim().max(50).optional(),
    ...roleFields,
  }),
);
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;

/** `PUT users/update/{id}`. */
export const organizationUserUpdateSchema = withRolePermissions(
  z.object({ name: requiredText(50), last_name: requiredText(50), ...roleFields }),
);
export type OrganizationUserUpdate = z.infer<typeof organizationUserUpdateSchema>;
export type OrganizationUserUpdateInput = z.input<typeof organizationUserUpdateSchema>;

/** `PUT user/{id}/status`. */
export const userStatusUpdateSchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'one_of' }),
});
export type UserStatusUpdate = z.infer<typeof userStatusUpdateSchema>;

/** `GET users`: search by name or email, filter by status, page. */
export const organizationUsersQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES, { error: 'one_of' }).optional(),
});
export type OrganizationUsersQuery = z.infer<typeof organizationUsersQuerySchema>;

/** `POST users/create-by-invitation?invitation_code=`. */
export const invitationCodeQuerySchema = z.object({
  invitation_code: z.string().min(1, { error: 'required' }),
});

// ----- Answers -----

const lockSchema = z.enum(USER_LOCKS).nullable();

/** A user as the organization's user list shows them, with what the caller may not change. */
export const organizationUserSchema = userSchema
  .pick({
    id: true,
    email: true,
    name: true,
    last_name: true,
    phone_country_code: true,
    phone: true,
    status: true,
    role: true,
    permissions: true,
  })
  .extend({
    created_at: z.string(),
    /** For the caller: why they may not edit, change the role of, or (de)activate this user. */
    locks: z.object({ edit: lockSchema, role: lockSchema, status: lockSchema }),
  });
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

/** A pending invitation (accepted ones become users). */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: organizationRoleSchema,
  permissions: z.array(z.string()),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET users/invitation/validate-token`: what the invitee sees before accepting. */
export const invitationInfoSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  organization: z.string(),
  inviter: z.string(),
  role: organizationRoleSchema,
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
