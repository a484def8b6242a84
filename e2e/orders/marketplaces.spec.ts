import { expect, test } from '@playwright/test';
import { signInAsNewMerchant, uniqueId } from '../support';
import { checkScreen } from '../support/a11y';
import {
  connectSandboxShop,
  createSandboxOrder,
  createSandboxShop,
  syncedOrderRow,
} from './shopify-sandbox';

// Issue 22: a merchant connects a sandbox Shopify store through its consent screen, an order
// created in the sandbox store's admin page reaches the orders list, and both screens pass axe
// and the layout check at 390, 1024 and 1440 px.

test('a sandbox Shopify store connects through its consent screen and its new order is listed', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signInAsNewMerchant(page, request);
  const domain = `e2e-${uniqueId()}.myshopify.com`;
  const customer = `Cliente ${uniqueId()}`;

  // A shop of its own in the sandbox store, connected through the consent screen; back here the
  // store shows, the URL cleaned.
  await createSandboxShop(page, domain, 'Tienda E2E');
  await connectSandboxShop(page, domain, 'Tienda E2E');
  expect(new URL(page.url()).search).toBe('');
  const card = page.getByRole('listitem', { name: 'Tienda E2E' });
  await expect(card.getByText('Sandbox')).toBeVisible();
  await expect(card.getByText(`Shopify · ${domain}`)).toBeVisible();
  await checkScreen(page, 'marketplaces');

  // An order created in the sandbox admin reaches the list (webhook, then its job).
  await createSandboxOrder(page, domain, { customer, sku: 'PLAYERA-S', title: 'Playera' });
  const row = await syncedOrderRow(page, customer);
  await expect(row.getByText('Tienda E2E')).toBeVisible();
  await expect(row.getByText('Sin surtir')).toBeVisible();
  await checkScreen(page, 'orders');
});
