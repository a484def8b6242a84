import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation';
import {
  ORGANIZATION_ROLES,
  grantLock,
  invitationCreateSchema,
  organizationUserUpdateSchema,
  roleLock,
  statusLock,
  type RoleHolder,
} from './organization-users';
import { ALL_PERMISSIONS, SYSTEM_ROLE_KEYS, SYSTEM_ROLES, rolePermissions } from './permissions';

const holder = (id: string, role: string, permissions: readonly string[]): RoleHolder => ({
  id,
  role,
  permissions,
  status: 'active',
});
const owner = holder('o1', 'owner', ALL_PERMISSIONS);
const otherOwner = holder('o2', 'owner', ALL_PERMISSIONS);
const admin = holder('a1', 'administrator', ALL_PERMISSIONS);
const member = holder('m1', 'member', ['settings.users', 'shipments.pickup']);
const shipping = holder('s1', 'shipping', SYSTEM_ROLES.shipping);

describe('roles', () => {
  it('offers every system role, and computes what each grants', () => {
    expect([...ORGANIZATION_ROLES].sort()).toEqual([...SYSTEM_ROLE_KEYS].sort());
    expect(rolePermissions('owner')).toEqual(ALL_PERMISSIONS);
    expect(rolePermissions('administrator')).toEqual(ALL_PERMISSIONS);
    expect(rolePermissions('shipping', ['dashboard'])).toEqual(SYSTEM_ROLES.shipping);
    // A member holds what was chosen, in menu order, and nothing unknown.
    expect(rolePermissions('member', ['settings.users', 'dashboard', 'nope'])).toEqual([
      'dashboard',
      'settings.users',
    ]);
    // Their home comes along unless they are shipping-only.
    expect(rolePermissions('member', ['help'])).toEqual(['dashboard', 'help']);
    expect(rolePermissions('member', ['shipments.pickup'])).toEqual(['shipments.pickup']);
    expect(rolePermissions('member', ['nope'])).toEqual([]);
  });
});

describe('who may change whom', () => {
  it('lets only owners make owners, and nobody grant what they lack', () => {
    expect(grantLock(owner, 'owner')).toBeNull();
    expect(grantLock(admin, 'owner')).toBe('OWNER_ONLY');
    expect(grantLock(admin, 'administrator')).toBeNull();
    expect(grantLock(member, 'administrator')).toBe('PERMISSION_NOT_GRANTABLE');
    expect(grantLock(member, 'member', ['shipments.pickup'])).toBeNull();
    expect(grantLock(member, 'member', ['finances.deposits'])).toBe('PERMISSION_NOT_GRANTABLE');
  });

  it('keeps owners to owners and users with more access to those who hold it', () => {
    expect(roleLock(admin, owner, 2)).toBe('OWNER_ONLY');
    expect(roleLock(owner, otherOwner, 2)).toBeNull();
    expect(roleLock(member, shipping, 2)).toBe('PERMISSION_NOT_GRANTABLE');
    expect(roleLock(member, admin, 2)).toBe('PERMISSION_NOT_GRANTABLE');
    expect(roleLock(admin, member, 2)).toBeNull();
  });

  it('never removes the last active owner, and nobody deactivates themselves', () => {
    expect(roleLock(owner, owner, 1)).toBe('LAST_OWNER');
    expect(roleLock(owner, owner, 2)).toBeNull();
    expect(statusLock(owner, owner, 2)).toBe('CANNOT_DEACTIVATE_SELF');
    expect(statusLock(otherOwner, owner, 1)).toBe('LAST_OWNER');
    expect(statusLock(otherOwner, owner, 2)).toBeNull();
    expect(statusLock(admin, member, 1)).toBeNull();
    // Reactivating an inactive owner is always possible for an owner.
    expect(statusLock(owner, { ...otherOwner, status: 'inactive' }, 1)).toBeNull();
  });
});

describe('payloads', () => {
  it('asks a member for at least one permission, each once', () => {
    const base = { email: 'Luis@Example.mx', role: 'member' as const };
    const none = invitationCreateSchema.safeParse(base);
    expect(none.success).toBe(false);
    expect(localizeIssues(none.error!.issues, 'en')).toEqual({
      permissions: 'Add at least one item.',
    });
    const twice = invitationCreateSchema.safeParse({
      ...base,
      permissions: ['dashboard', 'dashboard'],
    });
    expect(localizeIssues(twice.error!.issues, 'es')).toEqual({
      permissions: 'No se permiten elementos duplicados.',
    });
    const unknown = invitationCreateSchema.safeParse({ ...base, permissions: ['settings'] });
    expect(unknown.success).toBe(false);
    expect(invitationCreateSchema.parse({ ...base, permissions: ['dashboard'] }).email).toBe(
      'luis@example.mx',
    );
  });

  it('needs no permissions for the other roles', () => {
    expect(
      organizationUserUpdateSchema.safeParse({ name: 'Luis', last_name: 'Paz', role: 'shipping' })
        .success,
    ).toBe(true);
    expect(
      organizationUserUpdateSchema.safeParse({ name: '', last_name: 'Paz', role: 'boss' }).success,
    ).toBe(false);
  });
});
