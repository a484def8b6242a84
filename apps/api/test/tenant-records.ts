import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createTenantClassification } from '../src/modules/classification/classification.test-support';
import { createTenantApiKey } from '../src/modules/developers/api-keys.test-support';
import { createTenantEmbarque } from '../src/modules/embarques/embarques.test-support';
import { createTenantEntry } from '../src/modules/entries/entries.test-support';
import { createTenantT1 } from '../src/modules/international/international.test-support';
import { createTenantOrder } from '../src/modules/orders/orders.test-support';
import { warehouseContact } from '../src/modules/inventory/inventory.test-support';
import { insertVariants } from '../src/modules/inventory/stock.test-support';
import { buyGuide, createLocation, fund } from '../src/modules/shipments/guides.test-support';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { createTenantProduct } from '../src/modules/products/products.test-support';
import { insertTenantStore } from '../src/modules/stores/stores.test-support';
import { createTenantTicket } from '../src/modules/support/tickets.test-support';
import { createTenantWebhook } from '../src/modules/developers/webhooks.test-support';
import { multipart, sampleFiles } from './multipart';
import type { createTestApp } from './test-app';
import { notifySpei, sendSpeiWebhook, speiTransfer, trackingKey } from './spei';
import { callAs, createTestMerchant, createTestUser, type TestUser } from './users';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

export const packageBody = {
  name: 'Caja chica',
  unit: 'cm_kg',
  height: 10,
  length: 20,
  width: 15,
  weight: 1,
  sat_code: '24112700',
};

const address = {
  street: 'Av. Insurgentes Sur',
  external_number: '1234',
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
};

export const customerBody = {
  name: 'José',
  last_name: 'Hernández',
  email: 'jose@correo.mx',
  phone: '5512345678',
  addresses: [{ ...address, alias: 'Casa', contact_name: 'José', contact_phone: '5512345678' }],
};

export const vendorBody = {
  name: 'Textiles del Centro',
  code: `tex-${randomUUID().slice(0, 4)}`,
  email: 'ventas@textiles.mx',
  address,
};

/**
 * One organization with a record of every kind that has an id, made through the API as its
 * owner would (or by the service that makes it, where no route does): what another
 * organization's caller then tries to reach.
 */
export async function createTenantRecords(ctx: Ctx, staff: TestUser) {
  const { organization, user: owner } = await createTestMerchant(ctx, 'Comercio A');
  const colleague = await createTestUser(ctx, { organizationId: organization.id });
  const created = async (url: string, body: object) => {
    const response = await callAs(ctx.app, owner, 'POST', url, body);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return response.json().data as { id: string } & Record<string, unknown>;
  };
  const first = async (user: TestUser, url: string) => {
    const response = await callAs(ctx.app, user, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return (response.json().data as { id: string }[])[0]!.id;
  };

  const packageId = (await created('/packages', packageBody)).id;
  const customer = await created('/customers', customerBody);
  const vendorId = (await created('/vendors', vendorBody)).id;
  const collectionId = (await created('/collections', { name: 'Colección A' })).id;
  const locationId = await createLocation(ctx, owner);
  const [variantId] = await insertVariants(ctx.db, organization.id);
  // A's location keeps stock, so switching it off from B would change something.
  const keeps = await callAs(ctx.app, owner, 'PUT', `/inventory/locations/${locationId}`, {
    keeps_stock: true,
  });
  expect(keeps.statusCode, keeps.body).toBe(200);
  // A warehouse exit of A's, to A's customer (nothing in stock: it stays created).
  const exitWarehouse = await callAs(ctx.app, staff, 'POST', '/staff/warehouses', {
    name: 'CEDIS Prueba',
    code: `T-${organization.id.slice(0, 8)}`,
    address: { ...customerBody.addresses[0]!, alias: undefined },
    ...warehouseContact,
  });
  expect(exitWarehouse.statusCode, exitWarehouse.body).toBe(201);
  const exitId = (
    await created('/exits', {
      warehouse_id: (exitWarehouse.json().data as { id: string }).id,
      destination: {
        kind: 'customer',
        customer_id: customer.id,
        address_id: (customer.addresses as { id: string }[])[0]!.id,
      },
      lines: [{ variant_id: variantId, quantity: 1 }],
    })
  ).id;
  await fund(ctx, organization.id, 500_000);
  const guide = await buyGuide(ctx, owner, { locationId });
  const invitation = await created('/users/organization-invitation', {
    email: `invitada-${randomUUID()}@prueba.mx`,
    role: 'member',
    permissions: ['dashboard'],
  });

  const logo = multipart({ name: 'logo.png', content: sampleFiles.png(256), type: 'image/png' });
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/organization/logo',
    payload: logo.payload,
    headers: owner.headers(logo.headers),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const logoUrl = (uploaded.json().data as { logo_url: string }).logo_url;
  const product = await createTenantProduct(ctx.app, owner);

  await new NotificationsService(ctx).notify(organization.id, {
    kind: 'NEWS',
    content: { code: 'welcome', params: {} },
  });
  await created('/support/conversation/messages', { body: 'Necesito ayuda' });
  const conversation = await callAs(ctx.app, owner, 'GET', '/support/conversation');

  // A credited deposit (and so an invoice), and one still pending for staff to review.
  const credited = await notifySpei(ctx, owner, { amount: '500.00', tracking_key: trackingKey() });
  const approved = await callAs(ctx.app, staff, 'POST', `/staff/deposits/${credited.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const pending = await notifySpei(ctx, owner, { amount: '600.00', tracking_key: trackingKey() });
  // A transfer to no one's CLABE waits in the staff queue.
  const unmatched = await sendSpeiWebhook(
    ctx,
    speiTransfer(ctx, { beneficiary_clabe: '646180999999999999' }),
  );
  expect(unmatched.statusCode, unmatched.body).toBe(200);

  // A products CSV import, refused (the file has no products): its progress page is A's.
  const csv = multipart({
    name: 'productos.csv',
    content: Buffer.from('Identificador,Nombre\r\n'),
    type: 'text/csv',
  });
  const productImport = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/product-imports',
    payload: csv.payload,
    headers: owner.headers(csv.headers),
  });
  expect(productImport.statusCode, productImport.body).toBe(201);

  return {
    organizationId: organization.id,
    owner,
    userId: colleague.id,
    packageId,
    customerId: customer.id,
    addressId: (customer.addresses as { id: string }[])[0]!.id,
    vendorId,
    collectionId,
    locationId,
    variantId: variantId!,
    exitId,
    quoteId: guide.row.quoteId!,
    shipmentId: guide.detail.id,
    trackingNumber: guide.row.trackingNumber!,
    // The guide's automatic pickup (the test clock's Monday morning has a window left).
    pickupId: guide.row.pickupId!,
    logoFileId: new URL(logoUrl, 'http://x').searchParams.get('v')!,
    invitationId: invitation.id,
    ...product,
    notificationId: await first(owner, '/notifications'),
    conversationId: (conversation.json().data as { id: string }).id,
    depositId: credited.id,
    pendingDepositId: pending.id,
    invoiceId: await first(owner, '/invoices'),
    bankTransferId: await first(staff, '/staff/bank-transfers?status=unmatched'),
    productImportId: (productImport.json().data as { id: string }).id,
    ...(await createTenantTicket(ctx, owner)),
    ...(await createTenantClassification(ctx, owner, organization.id, product.productId)),
    ...(await insertTenantStore(ctx.db, ctx.app.services.files, organization.id, ctx.clock.now())),
    ...(await createTenantEntry(ctx, owner, organization.id, staff)),
    ...(await createTenantEmbarque(ctx, staff, organization.id)),
    ...(await createTenantT1(ctx, owner, { locationId, productId: product.productId })),
    ...(await createTenantApiKey(ctx, organization.id, ctx.clock.now())),
    ...(await createTenantOrder(ctx, owner, organization.id, {
      locationId,
      variantId: variantId!,
      packageId,
    })),
    ...(await createTenantWebhook(ctx, owner)),
  };
}

export type TenantRecords = Awaited<ReturnType<typeof createTenantRecords>>;

/**
 * Every row of the organization, in every table that carries `organization_id` (and its own
 * row): compared before and after, it shows nothing of the organization changed.
 */
export async function snapshotOrganization(ctx: Ctx, organizationId: string) {
  const { rows: tables } = await ctx.db.$client.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  );
  const snapshot: Record<string, unknown> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await ctx.db.$client.query(
      `select coalesce(json_agg(t order by t::text), '[]') as rows
         from "${table}" t where organization_id = $1`,
      [organizationId],
    );
    snapshot[table] = rows[0].rows;
  }
  const { rows } = await ctx.db.$client.query(`select * from organizations where id = $1`, [
    organizationId,
  ]);
  snapshot.organizations = rows;
  return snapshot;
}
