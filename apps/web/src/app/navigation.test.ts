import { ALL_PERMISSIONS, MODULE_KEYS } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { loadResources } from '../lib/i18n';
import { shippingOnlyUser } from '../test/fixtures';
import { appPath, menuFor, screenAt, SCREENS } from './navigation';

// Spec §2, "Authenticated screens": every route, with the spec's spellings.
const SPEC_ROUTES = [
  'orders',
  'orders/create',
  'orders/create-fulfillment',
  'orders/fulfillment',
  'orders/:id',
  'orders/quote-shipping',
  'shipment',
  'my-shipments',
  'my-shipments/:id',
  'clients',
  'clients/:id',
  'create',
  'client/:id',
  'finance/transactions',
  'finance/deposits',
  'finance/biling',
  'finance/financing',
  'finance/billing',
  'support/tickets',
  'support/ticket/:id',
  'settings/locations',
  'packages',
  'settings/carriers',
  'settings/details',
  'settings/marketplaces',
  'settings/vendors',
  'settings/users',
  'products',
  'products/create',
  'products/edit/:id',
  'products/collections',
  'products/inventory',
  'products/entry',
  'products/outs',
  'products/create-entry',
  'products/entry-detail/:id',
  'products/new-entry',
  'tariff-classification',
  'tariff-classification/create',
  'tariff-classification/create/:id',
  'tariff-classification/new-quote',
  'tariff-classification/my-shipments',
  'pickup',
  'dashboard',
  'development',
  'shippings',
  'create-shippings',
  'crear-envio/T1',
  'detalles-envio/T1/:id',
  'transport',
];

const SPEC_PLACEHOLDERS = [
  'finance/biling',
  'finance/financing',
  'tariff-classification/new-quote',
  'tariff-classification/my-shipments',
  'transport',
];

// Screens the spec describes (§2 "What the screens let a user do") without naming their route;
// the guide detail is decision 017's, the notification centre issue 23's.
const UNNAMED_SPEC_SCREENS = ['settings/verification', 'shippings/:id', 'notifications'];

describe('navigation table', () => {
  it('holds exactly the authenticated screens of the spec, once each', () => {
    expect(SCREENS.map((screen) => screen.path).toSorted()).toEqual(
      [...SPEC_ROUTES, ...UNNAMED_SPEC_SCREENS].toSorted(),
    );
    expect(new Set(SCREENS.map((screen) => screen.id)).size).toBe(SCREENS.length);
  });

  it('marks the spec placeholders as new features', () => {
    const placeholders = SCREENS.filter((screen) => screen.newFeature).map((s) => s.path);
    expect(placeholders.toSorted()).toEqual(SPEC_PLACEHOLDERS.toSorted());
  });

  it('gives every screen a real permission and a parent that exists', () => {
    for (const screen of SCREENS) {
      expect(ALL_PERMISSIONS).toContain(screen.permission);
      if (screen.parent) expect(SCREENS.map((s) => s.id)).toContain(screen.parent);
    }
  });

  it('has one menu entry per permission key, so every submodule of the spec is reachable', () => {
    const entries = SCREENS.filter((screen) => screen.menu).map((screen) => screen.permission);
    expect(entries.toSorted()).toEqual([...ALL_PERMISSIONS].toSorted());
  });

  it('names every screen and module in Spanish and English', async () => {
    for (const language of ['es', 'en']) {
      const texts = (await loadResources(language)).navigation as {
        modules: Record<string, string>;
        screens: Record<string, { title: string; description: string }>;
      };
      for (const module of MODULE_KEYS) expect(texts.modules[module]).toBeTruthy();
      for (const screen of SCREENS) {
        expect(texts.screens[screen.id]?.title, `${language} ${screen.id}`).toBeTruthy();
        expect(texts.screens[screen.id]?.description, `${language} ${screen.id}`).toBeTruthy();
      }
    }
  });

  it('finds the screen of a URL, static paths before :id ones', () => {
    expect(screenAt('/app/orders/create')?.id).toBe('ordersCreate');
    expect(screenAt('/app/orders/5f1c')?.id).toBe('orderDetail');
    expect(screenAt('/app/tariff-classification/create/9')?.id).toBe('tariffClassificationEdit');
    expect(screenAt('/app/crear-envio/T1')?.id).toBe('createT1');
    expect(screenAt('/app/shippings')?.id).toBe('shippings');
    expect(screenAt('/app/shippings/1b2c3d4e')?.id).toBe('shippingDetail');
    expect(screenAt('/app/nope')).toBeUndefined();
    expect(appPath(SCREENS[0]!)).toBe('/app/dashboard');
  });
});

describe('menu', () => {
  it('shows every module in spec order to a user holding every permission', () => {
    expect(menuFor(ALL_PERMISSIONS).map((entry) => entry.module)).toEqual(MODULE_KEYS);
  });

  it('shows a shipping-only user the Envíos module alone', () => {
    const menu = menuFor(shippingOnlyUser().permissions);
    expect(menu.map((entry) => entry.module)).toEqual(['shipments']);
    expect(menu[0]!.screens.map((screen) => screen.path)).toEqual([
      'shipment',
      'create-shippings',
      'shippings',
      'pickup',
    ]);
  });

  it('shows only the submodules a user holds', () => {
    const menu = menuFor(['ecommerce.orders', 'help']);
    expect(menu.map((entry) => [entry.module, entry.screens.map((s) => s.id)])).toEqual([
      ['ecommerce', ['orders']],
      ['help', ['supportTickets']],
    ]);
  });

  it('shows nothing without permissions', () => {
    expect(menuFor([])).toEqual([]);
  });
});
