import { entrySchema, missingProductData } from '@despacho/domain';
import type { Services } from '../modules/services';

/**
 * "Comercio Demo"'s warehouse entries (issue 15), written through the entries and receiving
 * services so each moves stock through the ledger: one on the way, one partly received with a
 * damaged-unit incident, and one received in full.
 */
export async function seedDemoEntries(
  services: Services,
  {
    organizationId,
    ownerId,
    staffId,
  }: { organizationId: string; ownerId: string; staffId: string },
): Promise<void> {
  const { entries, receiving, productVariants, warehouses } = services;
  const [tultitlan, apodaca] = await warehouses.list();
  const ready = (await productVariants.pick(organizationId, { limit: 50 })).filter(
    (variant) => missingProductData(variant).length === 0,
  );
  if (!tultitlan || !apodaca || ready.length < 5) return;
  const announce = (warehouseId: string, reference: string, expected: [number, number]) =>
    entries.create(
      organizationId,
      entrySchema.parse({
        reference,
        warehouse_id: warehouseId,
        expected_date: '2026-12-15',
        carrier: 'Estafeta',
        tracking_number: `EST${reference.replace(/\D/g, '')}`,
        lines: expected.map((quantity, index) => ({
          variant_id: ready[index + (reference.endsWith('1') ? 0 : 2)]!.id,
          expected_quantity: quantity,
        })),
      }),
      ownerId,
    );
  const staff = (key: string) => ({ actorId: staffId, idempotencyKey: `demo-entry-${key}` });

  await announce(tultitlan.id, 'OC-1001', [24, 12]);

  const partial = await announce(tultitlan.id, 'OC-1002', [30, 10]);
  const [first, second] = partial.lines;
  await receiving.receive(
    partial.id,
    { line_id: first!.id, count: 30, disposition: 'accepted' },
    staff('1002-a'),
  );
  await receiving.receive(
    partial.id,
    { line_id: second!.id, count: 4, disposition: 'not_sellable' },
    staff('1002-b'),
  );
  await receiving.recordIncident(
    partial.id,
    {
      line_id: second!.id,
      kind: 'damaged',
      quantity: 4,
      note: 'Cajas mojadas en la tarima',
      photo_ids: [],
    },
    staffId,
  );

  const received = await announce(apodaca.id, 'OC-1003', [15, 8]);
  for (const [index, line] of received.lines.entries()) {
    await receiving.receive(
      received.id,
      { line_id: line.id, count: line.expected, disposition: 'accepted' },
      staff(`1003-${index}`),
    );
  }
}
