import {
  hasPermission,
  MODULE_KEYS,
  moduleOf,
  type ModuleKey,
  type PermissionKey,
} from '@despacho/domain';
import { matchPath } from 'react-router';
import type { ComponentType } from 'react';

/**
 * Every authenticated screen of spec §2 in one table: its path under /app, the permission that
 * opens it, its place in the menu and breadcrumb, and its page. The router, the guard and the
 * menu all read this table; texts live in `locales/<lang>/navigation.json` under `screens.<id>`.
 */
export interface Screen {
  id: string;
  /** Path under /app, with the spec's spellings. */
  path: string;
  permission: PermissionKey;
  /** This screen is its permission's entry in the menu. */
  menu?: boolean;
  /** The screen one level up in the breadcrumb. */
  parent?: string;
  /** A placeholder of the spec: shows the "new feature" page instead of "coming soon". */
  newFeature?: boolean;
  /**
   * Any member may open it (the screen limits itself to what they hold); the menu entry still
   * follows `permission`.
   */
  openToMembers?: boolean;
  /** The built page; a screen without one shows its "coming soon" page. */
  page?: () => Promise<ComponentType>;
}

export const SCREENS: readonly Screen[] = [
  {
    id: 'dashboard',
    path: 'dashboard',
    permission: 'dashboard',
    menu: true,
    page: () => import('../features/dashboard/pages/DashboardPage').then((m) => m.DashboardPage),
  },
  // Envíos
  // Create shipment, also the home of shipping-only users; the quick quote takes the other path.
  {
    id: 'shipment',
    path: 'shipment',
    permission: 'shipments.create_shipment',
    menu: true,
    page: () =>
      import('../features/shipments/pages/ShipmentCreatePage').then((m) => m.ShipmentCreatePage),
  },
  {
    id: 'createShippings',
    path: 'create-shippings',
    permission: 'shipments.quick_quote',
    menu: true,
    page: () => import('../features/shipments/pages/QuickQuotePage').then((m) => m.QuickQuotePage),
  },
  // The list of guides is not a submodule of the spec's menu (one entry per permission): it is
  // reached from the create-shipment result, the pickup screen and the dashboard. Under Create
  // shipment (same permission), so the menu keeps Envíos open on it.
  {
    id: 'shippings',
    path: 'shippings',
    permission: 'shipments.create_shipment',
    parent: 'shipment',
    page: () => import('../features/shipments/pages/ShipmentsPage').then((m) => m.ShipmentsPage),
  },
  {
    id: 'shippingDetail',
    path: 'shippings/:id',
    permission: 'shipments.create_shipment',
    parent: 'shippings',
    page: () =>
      import('../features/shipments/pages/ShipmentDetailPage').then((m) => m.ShipmentDetailPage),
  },
  {
    id: 'pickup',
    path: 'pickup',
    permission: 'shipments.pickup',
    menu: true,
    page: () => import('../features/shipments/pages/PickupPage').then((m) => m.PickupPage),
  },
  // E-Commerce
  { id: 'orders', path: 'orders', permission: 'ecommerce.orders', menu: true },
  { id: 'ordersCreate', path: 'orders/create', permission: 'ecommerce.orders', parent: 'orders' },
  {
    id: 'ordersCreateFulfillment',
    path: 'orders/create-fulfillment',
    permission: 'ecommerce.orders',
    parent: 'orders',
  },
  {
    id: 'ordersFulfillment',
    path: 'orders/fulfillment',
    permission: 'ecommerce.orders',
    parent: 'orders',
  },
  {
    id: 'ordersQuoteShipping',
    path: 'orders/quote-shipping',
    permission: 'ecommerce.orders',
    parent: 'orders',
  },
  { id: 'orderDetail', path: 'orders/:id', permission: 'ecommerce.orders', parent: 'orders' },
  {
    id: 'clients',
    path: 'clients',
    permission: 'ecommerce.clients',
    menu: true,
    page: () => import('../features/customers/pages/CustomersPage').then((m) => m.CustomersPage),
  },
  {
    id: 'clientEdit',
    path: 'clients/:id',
    permission: 'ecommerce.clients',
    parent: 'clients',
    page: () =>
      import('../features/customers/pages/CustomerEditPage').then((m) => m.CustomerEditPage),
  },
  {
    id: 'clientCreate',
    path: 'create',
    permission: 'ecommerce.clients',
    parent: 'clients',
    page: () =>
      import('../features/customers/pages/CustomerCreatePage').then((m) => m.CustomerCreatePage),
  },
  {
    id: 'clientView',
    path: 'client/:id',
    permission: 'ecommerce.clients',
    parent: 'clients',
    page: () =>
      import('../features/customers/pages/CustomerViewPage').then((m) => m.CustomerViewPage),
  },
  {
    id: 'settingsMarketplaces',
    path: 'settings/marketplaces',
    permission: 'ecommerce.stores',
    menu: true,
  },
  // Almacenamiento y distribución
  { id: 'products', path: 'products', permission: 'warehousing.products', menu: true },
  {
    id: 'productsCreate',
    path: 'products/create',
    permission: 'warehousing.products',
    parent: 'products',
  },
  {
    id: 'productsEdit',
    path: 'products/edit/:id',
    permission: 'warehousing.products',
    parent: 'products',
  },
  {
    id: 'productsCollections',
    path: 'products/collections',
    permission: 'warehousing.products',
    parent: 'products',
  },
  {
    id: 'productsInventory',
    path: 'products/inventory',
    permission: 'warehousing.warehouse_inventory',
    menu: true,
  },
  {
    id: 'productsEntry',
    path: 'products/entry',
    permission: 'warehousing.warehouse_entries',
    menu: true,
  },
  {
    id: 'productsCreateEntry',
    path: 'products/create-entry',
    permission: 'warehousing.warehouse_entries',
    parent: 'productsEntry',
  },
  {
    id: 'productsNewEntry',
    path: 'products/new-entry',
    permission: 'warehousing.warehouse_entries',
    parent: 'productsEntry',
  },
  {
    id: 'productsEntryDetail',
    path: 'products/entry-detail/:id',
    permission: 'warehousing.warehouse_entries',
    parent: 'productsEntry',
  },
  {
    id: 'productsOuts',
    path: 'products/outs',
    permission: 'warehousing.warehouse_exits',
    menu: true,
  },
  // Comercio internacional
  {
    id: 'tariffClassification',
    path: 'tariff-classification',
    permission: 'international_trade.tariff_classification',
    menu: true,
  },
  {
    id: 'tariffClassificationCreate',
    path: 'tariff-classification/create',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
  },
  {
    id: 'tariffClassificationEdit',
    path: 'tariff-classification/create/:id',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
  },
  {
    id: 'tariffClassificationNewQuote',
    path: 'tariff-classification/new-quote',
    permission: 'international_trade.tariff_classification',
    parent: 'tariffClassification',
    newFeature: true,
  },
  {
    id: 'tariffClassificationMyShipments',
    path: 'tariff-classification/my-shipments',
    permission: 'international_trade.my_shipments',
    parent: 'tariffClassification',
    newFeature: true,
  },
  {
    id: 'myShipments',
    path: 'my-shipments',
    permission: 'international_trade.my_shipments',
    menu: true,
  },
  {
    id: 'myShipmentDetail',
    path: 'my-shipments/:id',
    permission: 'international_trade.my_shipments',
    parent: 'myShipments',
  },
  {
    id: 'createT1',
    path: 'crear-envio/T1',
    permission: 'international_trade.create_international_shipment',
    menu: true,
  },
  {
    id: 'detailT1',
    path: 'detalles-envio/T1/:id',
    permission: 'international_trade.create_international_shipment',
    parent: 'createT1',
  },
  {
    id: 'transport',
    path: 'transport',
    permission: 'international_trade.create_international_shipment',
    newFeature: true,
  },
  // Finanzas
  {
    id: 'financeTransactions',
    path: 'finance/transactions',
    permission: 'finances.purchases',
    menu: true,
    page: () => import('../features/wallet/pages/TransactionsPage').then((m) => m.TransactionsPage),
  },
  {
    id: 'financeDeposits',
    path: 'finance/deposits',
    permission: 'finances.deposits',
    menu: true,
    page: () => import('../features/wallet/pages/DepositsPage').then((m) => m.DepositsPage),
  },
  {
    id: 'financeBilling',
    path: 'finance/billing',
    permission: 'finances.billing',
    menu: true,
    page: () => import('../features/billing/pages/BillingPage').then((m) => m.BillingPage),
  },
  {
    id: 'financeBiling',
    path: 'finance/biling',
    permission: 'finances.billing',
    newFeature: true,
  },
  {
    id: 'financeFinancing',
    path: 'finance/financing',
    permission: 'finances.financing',
    menu: true,
    newFeature: true,
  },
  // Configuración
  {
    id: 'settingsDetails',
    path: 'settings/details',
    permission: 'settings.my_company',
    menu: true,
    // Everyone's own user and password live here too (the user menu's "Mi cuenta").
    openToMembers: true,
    page: () =>
      import('../features/accounts/pages/AccountDetailsPage').then((m) => m.AccountDetailsPage),
  },
  // Account verification (spec §2): part of "Mi empresa", reached from it and the dashboard.
  {
    id: 'settingsVerification',
    path: 'settings/verification',
    permission: 'settings.my_company',
    parent: 'settingsDetails',
    page: () =>
      import('../features/verification/pages/VerificationPage').then((m) => m.VerificationPage),
  },
  {
    id: 'settingsLocations',
    path: 'settings/locations',
    permission: 'settings.address_book',
    menu: true,
    page: () => import('../features/addresses/pages/LocationsPage').then((m) => m.LocationsPage),
  },
  {
    id: 'packages',
    path: 'packages',
    permission: 'settings.packages',
    menu: true,
    page: () => import('../features/packages/pages/PackagesPage').then((m) => m.PackagesPage),
  },
  {
    id: 'settingsCarriers',
    path: 'settings/carriers',
    permission: 'settings.carriers',
    menu: true,
    page: () => import('../features/carriers/pages/CarriersPage').then((m) => m.CarriersPage),
  },
  {
    id: 'settingsVendors',
    path: 'settings/vendors',
    permission: 'settings.vendors',
    menu: true,
    page: () => import('../features/vendors/pages/VendorsPage').then((m) => m.VendorsPage),
  },
  {
    id: 'settingsUsers',
    path: 'settings/users',
    permission: 'settings.users',
    menu: true,
    page: () => import('../features/users/pages/UsersPage').then((m) => m.UsersPage),
  },
  // API keys and webhooks belong to the company's settings.
  { id: 'development', path: 'development', permission: 'settings.my_company' },
  // Ayuda
  { id: 'supportTickets', path: 'support/tickets', permission: 'help', menu: true },
  {
    id: 'supportTicket',
    path: 'support/ticket/:id',
    permission: 'help',
    parent: 'supportTickets',
  },
];

export const appPath = (screen: Screen) => `/app/${screen.path}`;

export function screenById(id: string): Screen | undefined {
  return SCREENS.find((screen) => screen.id === id);
}

/** The screen a URL shows; static paths win over `:id` ones, as in the router. */
export function screenAt(pathname: string): Screen | undefined {
  const matches = SCREENS.filter((screen) => matchPath(appPath(screen), pathname));
  return matches.find((screen) => !screen.path.includes(':')) ?? matches[0];
}

export function moduleOfScreen(screen: Screen): ModuleKey {
  return moduleOf(screen.permission);
}

export interface MenuModule {
  module: ModuleKey;
  screens: Screen[];
}

/** The menu a user sees: modules in spec order, each with the entries their permissions open. */
export function menuFor(permissions: readonly string[]): MenuModule[] {
  return MODULE_KEYS.map((module) => ({
    module,
    screens: SCREENS.filter(
      (screen) =>
        screen.menu &&
        moduleOfScreen(screen) === module &&
        hasPermission(permissions, screen.permission),
    ),
  })).filter((entry) => entry.screens.length > 0);
}

/**
 * The `navigation` text naming a permission, as the menu shows it: a submodule by the title of
 * its menu screen, a module without submodules (Dashboard, Help) by the module's name.
 */
export function permissionLabelKey(permission: PermissionKey): string {
  const screen = SCREENS.find((entry) => entry.menu && entry.permission === permission);
  if (permission.includes('.') && screen) return `screens.${screen.id}.title`;
  return `modules.${moduleOf(permission)}`;
}
