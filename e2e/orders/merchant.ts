import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '@despacho/domain';
import { apiCall, dataOf, signInAsNewMerchant, uniqueId } from '../support';
import { createStockProduct } from '../inventory/inventory';
import { createOrigin, topUp } from '../shipments/guides';
import { connectSandboxShop, createSandboxShop } from './shopify-sandbox';

/** The name the order specs give their sandbox Shopify shop. */
export const STORE = 'Tienda E2E';

/** A new merchant with a connected sandbox shop, a catalogue product, an origin and balance. */
export async function merchantWithShop(page: Page, request: APIRequestContext) {
  const { session } = await signInAsNewMerchant(page, request);
  const token = session.access_token;
  const product = await createStockProduct(request, token, 'Taza de barro');
  const origin = await createOrigin(request, token);
  await topUp(request, session);
  const domain = `e2e-${uniqueId()}.myshopify.com`;
  await createSandboxShop(page, domain, STORE);
  await connectSandboxShop(page, domain, STORE);
  return { session, product, origin, domain };
}

/** A saved package, the default one: bulk labels ship every order in it. */
export async function createPackage(request: APIRequestContext, session: Session): Promise<void> {
  await dataOf(
    await apiCall(request, 'POST', '/packages', {
      token: session.access_token,
      body: {
        name: 'Caja mediana',
        unit: 'cm_kg',
        length: 30,
        width: 20,
        height: 15,
        weight: 2,
        sat_code: '24121503',
        is_default: true,
      },
    }),
    201,
  );
}
