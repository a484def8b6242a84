import { customerSchema } from '@despacho/domain';
import { toolConfig } from '../config';
import { buildServices, type Services } from '../modules/services';
import { insertDeposit } from '../modules/wallet/deposits.repository';
import { creditPendingDeposit } from '../modules/wallet/deposits.service';
import { vendors } from '../modules/vendors/vendors.tables';
import { systemClock, type Clock } from '../platform/clock';
import type { Db } from '../platform/db';
import { silentLogger } from '../platform/logger';
import { hashPassword } from '../platform/passwords';
import { DEMO_CUSTOMERS } from './demo-customers';
import { seedDemoExits } from './demo-exits';
import { seedDemoProducts } from './demo-products';
import { seedDemoShipments } from './demo-shipments';
import { seedDemoWarehouses } from './demo-warehouses';
import { seedDemoEntries } from './demo-entries';
import { seedDemoTickets } from './demo-tickets';
import { seedDemoClassifications } from './demo-classifications';
import { seedDemoEmbarques } from './demo-embarques';
import { seedDemoInternational } from './demo-international';

export const DEMO_PASSWORD = 'Demo#2025';

/** The demo logins `npm start` prints. */
export const DEMO_LOGINS = [
  { label: 'Dueño', email: 'dueno@comercio-demo.mx', password: DEMO_PASSWORD },
  { label: 'Solo envíos', email: 'envios@comercio-demo.mx', password: DEMO_PASSWORD },
  { label: 'Staff de la plataforma', email: 'staff@despacho.mx', password: DEMO_PASSWORD },
  // A second person: a classification is published by someone other than its classifier.
  { label: 'Staff revisora', email: 'revisora@despacho.mx', password: DEMO_PASSWORD },
] as const;

const DEMO_VENDOR_ADDRESS = {
  neighborhood: 'Centro',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: '06000',
};

/** The demo organization's vendors (`settings/vendors`), one of them disabled. */
const DEMO_VENDORS = [
  {
    name: 'Textiles del Centro',
    code: 'TEX-01',
    email: 'ventas@textiles-demo.mx',
    street: 'República de El Salvador',
    externalNumber: '120',
    status: 'enabled',
    ...DEMO_VENDOR_ADDRESS,
  },
  {
    name: 'Empaques y Cajas del Norte',
    code: 'EMP-02',
    email: 'pedidos@empaques-demo.mx',
    street: 'Av. Constitución',
    externalNumber: '455',
    neighborhood: 'Centro',
    city: 'Monterrey',
    municipality: 'Monterrey',
    state: 'Nuevo León',
    zip: '64000',
    status: 'enabled',
  },
  {
    name: 'Papelería Mayorista',
    code: 'PAP-03',
    email: 'contacto@papeleria-demo.mx',
    street: 'Mesones',
    externalNumber: '37',
    status: 'disabled',
    ...DEMO_VENDOR_ADDRESS,
  },
] as const;

/**
 * The app's composition root as the seed uses it: sandbox carriers that never fail, and a clock
 * the seed may set back (`backdateMs`) so rows it creates show in a fixed order. The jobs its
 * purchases enqueue (the tracking timeline) are run by the server's runner.
 */
const DAY_MS = 86_400_000;
const DEMO_HISTORY_DAYS = 28;

function seedServices(db: Db, clock: Clock) {
  const seedClock = {
    backdateMs: 0,
    now: () => new Date(clock.now().getTime() - seedClock.backdateMs),
  };
  const config = toolConfig({ CARRIER_SANDBOX_FAILURE_RATE: 0 });
  return {
    seedClock,
    services: buildServices({ config, db, clock: seedClock, log: silentLogger }),
  };
}

/** Whether any demo login exists (production refuses to start on such a database). */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const { accounts } = seedServices(db, systemClock).services;
  for (const login of DEMO_LOGINS) if (await accounts.findByEmail(login.email)) return true;
  return false;
}

/**
 * Creates the demo organization "Comercio Demo" (owner and shipping-only user, a few vendors
 * and customers, a balance and its first guides, support tickets, tariff classifications,
 * embarques), two platform staff users and the platform's two demo warehouses, once. Returns
 * whether anything was created.
 */
export async function seedDemo(db: Db, clock: Clock): Promise<boolean> {
  const { seedClock, services } = seedServices(db, clock);
  const { accounts, customers, notifications } = services;
  const [owner, shipping, staff, reviewer] = DEMO_LOGINS;
  if (await accounts.findByEmail(owner.email)) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = {
    passwordHash,
    phoneCountryCode: '+52',
    phoneVerifiedAt: clock.now(),
    language: 'es' as const,
  };
  const organizationId = await db.transaction(async (tx) => {
    const dueno = await accounts.createUser(
      { ...verified, email: owner.email, name: 'Dueño', lastName: 'Demo', phone: '5500000001' },
      tx,
    );
    const organization = await accounts.createOrganization(
      dueno.id,
      {
        company: 'Comercio Demo',
        default_currency: 'MXN',
        default_unit: 'kg',
        abbreviation: 'CDM',
      },
      tx,
    );
    const envios = await accounts.createUser(
      { ...verified, email: shipping.email, name: 'Envíos', lastName: 'Demo', phone: '5500000002' },
      tx,
    );
    await accounts.assignRole(envios.id, organization.id, 'shipping', tx);
    await notifications.notify(
      organization.id,
      {
        kind: 'NEWS',
        content: { code: 'welcome', params: {} },
      },
      tx,
    );
    await tx.insert(vendors).values(
      DEMO_VENDORS.map((vendor, index) => {
        // One second apart, the last one now: the newest-first list shows them in a fixed order.
        const at = new Date(clock.now().getTime() - (DEMO_VENDORS.length - 1 - index) * 1000);
        return { ...vendor, organizationId: organization.id, createdAt: at, updatedAt: at };
      }),
    );
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      // A minute apart, the last one now: the newest-first list shows them in a fixed order.
      seedClock.backdateMs = (DEMO_CUSTOMERS.length - 1 - index) * 60_000;
      await customers.create(organization.id, customerSchema.parse(customer), tx);
    }
    seedClock.backdateMs = 0;
    await accounts.createUser(
      {
        ...verified,
        email: staff.email,
        name: 'Staff',
        lastName: 'Despacho',
        phone: '5500000003',
        isStaff: true,
      },
      tx,
    );
    await accounts.createUser(
      {
        ...verified,
        email: reviewer.email,
        name: 'Revisora',
        lastName: 'Despacho',
        phone: '5500000004',
        isStaff: true,
      },
      tx,
    );
    return organization.id;
  });
  // After the organization commits: the ledger creates its accounts on its own connection.
  // The deposit and the first guides are dated over the last month: the dashboard's charts
  // have days to show.
  seedClock.backdateMs = DEMO_HISTORY_DAYS * DAY_MS;
  await seedDemoDeposit(services, organizationId);
  const ownerId = (await accounts.findByEmail(owner.email))!.id;
  await seedDemoShipments(services, { organizationId, ownerId }, seedClock);
  await seedDemoProducts(services, organizationId, seedClock);
  const staffId = (await accounts.findByEmail(staff.email))!.id;
  await seedDemoWarehouses(services, staffId);
  await seedDemoEntries(services, { organizationId, ownerId, staffId });
  await seedDemoExits(services, { organizationId, ownerId, staffId });
  await seedDemoTickets(services, { organizationId, ownerId, staffId }, seedClock);
  const reviewerId = (await accounts.findByEmail(reviewer.email))!.id;
  await seedDemoClassifications(
    services,
    { organizationId, ownerId, staffId, reviewerId },
    seedClock,
  );
  await seedDemoEmbarques(services, { organizationId, ownerId, staffId }, seedClock);
  await seedDemoInternational(services, { organizationId, ownerId });
  return true;
}

/** A credited SPEI deposit of 10,000 MXN, so the demo starts with a balance and an invoice. */
async function seedDemoDeposit(
  { db, clock, ledger, notifications, billing, events }: Services,
  organizationId: string,
) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const deposit = await insertDeposit(tx, {
      organizationId,
      method: 'spei',
      status: 'pending',
      amount: 1_000_000,
      fee: 0,
      net: 1_000_000,
      originBank: '012',
      referenceType: 'concept',
      referenceNumber: 'SALDO INICIAL DEMO',
      trackingKey: 'DEMO0000000001',
      idempotencyKey: 'demo-opening-deposit',
      createdAt: now,
      updatedAt: now,
    });
    await creditPendingDeposit(tx, deposit.id, {
      ledger,
      notifications,
      clock,
      events,
      depositCredited: billing.depositCredited,
    });
  });
}
