import { customersQuerySchema, exitCreateSchema } from '@despacho/domain';
import type { Services } from '../modules/services';

/**
 * Stock of "Comercio Demo" at CEDIS Tultitlán, counted in by staff (an audited adjustment
 * through the ledger), and two exits to a demo customer: one shipped with a sandbox guide paid
 * from the demo balance, one still processing (its stock reserved) for the dispatch console.
 */
export async function seedDemoExits(
  services: Services,
  {
    organizationId,
    ownerId,
    staffId,
  }: { organizationId: string; ownerId: string; staffId: string },
): Promise<void> {
  const { warehouses, productVariants, customers, exits, dispatch } = services;
  const warehouse = (await warehouses.list()).find((w) => w.code === 'CEDIS-MEX')!;
  const variants = (await productVariants.pick(organizationId, { limit: 3 })).filter(
    (variant) => variant.sat_product_code && variant.sat_unit_code,
  );
  if (variants.length === 0) return;
  await warehouses.adjust(
    {
      organization_id: organizationId,
      location_id: warehouse.id,
      reason: 'Conteo inicial del CEDIS',
      lines: variants.map((variant) => ({
        variant_id: variant.id,
        on_hand_delta: 40,
        not_sellable_delta: 0,
      })),
    },
    { actorId: staffId, idempotencyKey: 'demo-cedis-count', language: 'es' },
  );
  const { data } = await customers.list(organizationId, customersQuerySchema.parse({}));
  const customer = data[0]!;
  const create = (reference: string, quantity: number) =>
    exits.create(
      organizationId,
      exitCreateSchema.parse({
        warehouse_id: warehouse.id,
        destination: {
          kind: 'customer',
          customer_id: customer.id,
          address_id: customer.default_address.id,
        },
        reference,
        lines: variants.map((variant) => ({ variant_id: variant.id, quantity })),
      }),
      { userId: ownerId },
    );
  const shipped = await create('SAL-DEMO-1', 2);
  const waiting = await create('SAL-DEMO-2', 3);
  await exits.process(organizationId, shipped.id, { quantities: [] }, { userId: ownerId });
  await exits.process(organizationId, waiting.id, { quantities: [] }, { userId: ownerId });
  const parcels = [{ unit: 'cm_kg' as const, length: 40, width: 30, height: 25, weight: 3 }];
  const quote = await dispatch.quote(shipped.id, { parcels }, staffId, 'es');
  const rate = quote.rates[0];
  if (!rate) return;
  await dispatch.ship(shipped.id, { parcels, quote_id: quote.id, rate_id: rate.id }, staffId, 'es');
}
