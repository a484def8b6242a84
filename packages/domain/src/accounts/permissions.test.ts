import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  SYSTEM_ROLES,
  hasPermission,
  homeScreen,
  isPermissionKey,
  isShippingOnly,
} from './permissions';

describe('permissions', () => {
  it('lists every submodule of the menu once, and module keys for modules without submodules', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toContain('dashboard');
    expect(ALL_PERMISSIONS).toContain('help');
    expect(ALL_PERMISSIONS).toContain('international_trade.create_international_shipment');
    expect(ALL_PERMISSIONS).not.toContain('shipments');
    expect(isPermissionKey('settings.users')).toBe(true);
    expect(isPermissionKey('settings.nothing')).toBe(false);
  });

  it('grants a module when any of its submodules is held', () => {
    expect(hasPermission(['shipments.pickup'], 'shipments')).toBe(true);
    expect(hasPermission(['shipments.pickup'], 'shipments.quick_quote')).toBe(false);
    expect(hasPermission(['shipments.pickup'], 'finances')).toBe(false);
    expect(hasPermission(['dashboard'], 'dashboard')).toBe(true);
  });

  it('gives the shipping role only Shipments, and Shipment as home', () => {
    expect(SYSTEM_ROLES.shipping.every((key) => key.startsWith('shipments.'))).toBe(true);
    expect(isShippingOnly(SYSTEM_ROLES.shipping)).toBe(true);
    expect(homeScreen(SYSTEM_ROLES.shipping)).toBe('shipment');
    expect(isShippingOnly(SYSTEM_ROLES.owner)).toBe(false);
    expect(homeScreen(SYSTEM_ROLES.owner)).toBe('dashboard');
  });

  it('sends platform staff without an organization to the staff console', () => {
    expect(homeScreen([], true)).toBe('staff');
    expect(homeScreen([], false)).toBe('dashboard');
  });
});
