import { ALL_PERMISSIONS, SYSTEM_ROLES, type SystemRole } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { permissionsOf, userView, type Account } from './account-view';

const now = new Date('2026-03-02T16:00:00Z');
const user: Account['user'] = {
  id: '6f1c2d9e-8a57-4c1b-9d0e-3b2a1f4e5d6c',
  email: 'ana@example.mx',
  name: null,
  lastName: null,
  phoneCountryCode: null,
  phone: null,
  passwordHash: null,
  language: 'es',
  status: 'active',
  phoneVerifiedAt: null,
  isStaff: false,
  organizationId: null,
  roleId: null,
  permissions: [],
  createdAt: now,
  updatedAt: now,
};
const role = (key: SystemRole): NonNullable<Account['role']> => ({
  organizationId: '11111111-1111-4111-8111-111111111111',
  id: '22222222-2222-4222-8222-222222222222',
  key,
  name: key,
  permissions: [...SYSTEM_ROLES[key]],
  system: true,
  createdAt: now,
  updatedAt: now,
});

describe('userView', () => {
  it('shows an unfinished sign-up with empty fields and no access', () => {
    expect(userView({ user, role: null, organization: null })).toMatchObject({
      name: '',
      phone: '',
      phone_verified: false,
      role: null,
      permissions: [],
      home: 'dashboard',
    });
  });

  it('derives the home screen from the role and the staff flag', () => {
    expect(userView({ user, role: role('shipping'), organization: null }).home).toBe('shipment');
    expect(userView({ user, role: role('owner'), organization: null }).home).toBe('dashboard');
    expect(
      userView({ user: { ...user, isStaff: true }, role: null, organization: null }).home,
    ).toBe('staff');
  });
});

describe('permissionsOf', () => {
  it('grants a member the permissions stored with them, and system roles what the code says', () => {
    const member = { ...user, permissions: ['help', 'shipments.pickup', 'gone'] };
    expect(permissionsOf({ user: member, role: role('member') })).toEqual([
      'dashboard',
      'shipments.pickup',
      'help',
    ]);
    // A stale copy in the role row does not limit an owner.
    const owner = { ...role('owner'), permissions: ['dashboard'] };
    expect(permissionsOf({ user, role: owner })).toEqual(ALL_PERMISSIONS);
    const custom = { ...role('owner'), key: 'custom', system: false, permissions: ['help'] };
    expect(permissionsOf({ user: member, role: custom })).toEqual(['help']);
  });
});
