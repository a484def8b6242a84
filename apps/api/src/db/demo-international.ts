import { locationsQuerySchema, productsQuerySchema, t1QuoteRequestSchema } from '@despacho/domain';
import type { Services } from '../modules/services';

/** The demo's international shipment: its reference, to find it again. */
export const DEMO_T1_REFERENCE = 'EXP-2001';

/**
 * "Comercio Demo"'s international courier shipment (issue 25): the T-shirt the demo classified
 * (6109.10.01 NICO 00), exported to a shop in Austin, quoted with its duties estimate and
 * bought at the cheapest international rate through the same services a merchant uses, so the
 * list, the detail, the label and the commercial invoice have something to show. Runs after
 * the classifications (the tariff sample is loaded then).
 */
export async function seedDemoInternational(
  { international, locations, products }: Services,
  { organizationId, ownerId }: { organizationId: string; ownerId: string },
): Promise<void> {
  const [{ data: places }, { data: found }] = await Promise.all([
    locations.list(organizationId, locationsQuerySchema.parse({})),
    products.list(organizationId, productsQuerySchema.parse({ search: 'Playera Cuello V' })),
  ]);
  const quote = await international.quote(
    organizationId,
    ownerId,
    t1QuoteRequestSchema.parse({
      direction: 'export',
      location_id: places[0]!.id,
      abroad: {
        country: 'US',
        postal_code: '78701',
        city: 'Austin',
        state: 'TX',
        line1: '500 Congress Ave',
        line2: 'Suite 200',
        contact_name: 'Emily Carter',
        company: 'Lone Star Boutique LLC',
        email: 'orders@lonestar-boutique.example',
        phone: '+1 512 555 0142',
      },
      packages: [{ length: 30, width: 25, height: 8, weight: 1.2 }],
      currency: 'USD',
      lines: [
        {
          product_id: found[0]!.id,
          description: "Women's V-neck T-shirt, cotton knit (95% cotton, 5% elastane)",
          tariff_code: '6109100100',
          quantity: 6,
          unit_value: '14.50',
          origin_country: 'MEX',
        },
      ],
      incoterm: 'DAP',
      reason: 'sale',
      reference: DEMO_T1_REFERENCE,
    }),
    'es',
  );
  await international.create(
    organizationId,
    ownerId,
    'demo-t1-export',
    { quote_id: quote.id, rate_id: quote.rates[0]!.id },
    'es',
  );
}
