import { describe, expect, it } from 'vitest';
import { makeRecord, makeUser, shippingOnlyUser } from '../test/fixtures';
import { decide } from './guard';

const owner = makeRecord();
const shipper = makeRecord(shippingOnlyUser());
const staff = makeRecord(makeUser({ is_staff: true, permissions: [], home: 'staff', role: null }));
const at = (path: string) => {
  const url = new URL(path, 'http://despacho.test');
  return { pathname: url.pathname, search: url.search };
};

describe('navigation guard', () => {
  it('sends visitors without a token from the app to login, keeping the target', () => {
    expect(decide(at('/app/orders/5?tab=items'), null)).toBe(
      '/auth/login?redirect=%2Fapp%2Forders%2F5%3Ftab%3Ditems',
    );
    expect(decide(at('/app'), null)).toBe('/auth/login?redirect=%2Fapp');
    expect(decide(at('/staff'), null)).toBe('/auth/login?redirect=%2Fstaff');
  });

  it('lets visitors without a token through the public screens', () => {
    for (const path of ['/auth/login', '/auth/register', '/auth/wizard/abc', '/auth/verify']) {
      expect(decide(at(path), null)).toBeNull();
    }
  });

  it('sends signed-in users away from public screens to their home', () => {
    expect(decide(at('/auth/login'), owner)).toBe('/app/dashboard');
    expect(decide(at('/auth/recovery-password/t'), shipper)).toBe('/app/shipment');
    expect(decide(at('/auth/register'), staff)).toBe('/staff');
  });

  it('decides the root by session: home with a token, login without', () => {
    expect(decide(at('/'), null)).toBe('/auth/login');
    expect(decide(at('/'), owner)).toBe('/app/dashboard');
    expect(decide(at('/'), shipper)).toBe('/app/shipment');
  });

  it('opens /app on the home screen: Shipment for shipping-only users, else Dashboard', () => {
    expect(decide(at('/app'), owner)).toBe('/app/dashboard');
    expect(decide(at('/app'), shipper)).toBe('/app/shipment');
    expect(decide(at('/app'), staff)).toBe('/staff');
  });

  it('lets a user into the screens their permissions open', () => {
    expect(decide(at('/app/orders/create'), owner)).toBeNull();
    expect(decide(at('/app/pickup'), shipper)).toBeNull();
    expect(decide(at('/app/create-shippings'), shipper)).toBeNull();
    expect(decide(at('/app/shippings?tab=cancelled'), shipper)).toBeNull();
    expect(decide(at('/app/shippings/1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d'), shipper)).toBeNull();
  });

  it('keeps the guides list and detail for those who buy guides', () => {
    const quoteOnly = makeRecord(shippingOnlyUser({ permissions: ['shipments.quick_quote'] }));
    expect(decide(at('/app/shippings'), quoteOnly)).toBe('/app/shipment');
    expect(decide(at('/app/shippings/1b2c3d4e'), quoteOnly)).toBe('/app/shipment');
    expect(decide(at('/app/pickup'), quoteOnly)).toBe('/app/shipment');
  });

  it('sends a user without the permission of a screen to their home', () => {
    expect(decide(at('/app/orders'), shipper)).toBe('/app/shipment');
    expect(decide(at('/app/finance/deposits'), shipper)).toBe('/app/shipment');
    expect(decide(at('/app/dashboard'), shipper)).toBe('/app/shipment');
    const ordersOnly = makeRecord(makeUser({ permissions: ['ecommerce.orders', 'dashboard'] }));
    expect(decide(at('/app/settings/users'), ordersOnly)).toBe('/app/dashboard');
  });

  it('never bounces a user off their own home, even without its permission', () => {
    const noDashboard = makeRecord(makeUser({ permissions: ['ecommerce.orders'] }));
    expect(decide(at('/app/dashboard'), noDashboard)).toBeNull();
  });

  it('keeps the operators console for staff', () => {
    expect(decide(at('/staff'), staff)).toBeNull();
    expect(decide(at('/staff'), owner)).toBe('/app/dashboard');
    expect(decide(at('/staff/conversations'), staff)).toBeNull();
    expect(decide(at('/staff/verifications/0b8e7c52'), owner)).toBe('/app/dashboard');
    expect(decide(at('/app/orders'), staff)).toBe('/staff');
  });

  it('leaves open pages open to everyone', () => {
    expect(decide(at('/dev/mailbox'), null)).toBeNull();
    expect(decide(at('/dev/mailbox'), owner)).toBeNull();
    expect(decide(at('/somewhere/else'), null)).toBeNull();
  });
  it('opens the public tracking page to visitors and signed-in users alike', () => {
    for (const session of [null, owner, shipper, staff]) {
      expect(decide(at('/t/EST1234567890'), session)).toBeNull();
      expect(decide(at('/t'), session)).toBeNull();
    }
  });

  it('lets any member open their account screen, whose menu entry needs the company permission', () => {
    expect(decide(at('/app/settings/details'), shipper)).toBeNull();
    expect(decide(at('/app/settings/verification'), shipper)).toBe('/app/shipment');
  });
});
