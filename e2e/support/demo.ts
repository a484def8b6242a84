import { DEMO_LOGINS } from '../../apps/api/src/db/seed';

const [owner, shipping, staff, reviewer] = DEMO_LOGINS;

/**
 * The demo users the seed creates (apps/api/src/db/seed.ts), with the names it gives them.
 * Specs that do not change a user sign in as these; specs that do create their own.
 */
export const DEMO = {
  /** Owner of "Comercio Demo": every permission, home is the dashboard. */
  owner: { ...owner, name: 'Dueño', company: 'Comercio Demo' },
  /** Shipping-only user of "Comercio Demo": home is /app/shipment. */
  shipping: { ...shipping, name: 'Envíos', company: 'Comercio Demo' },
  /** Platform staff: home is the operators' console, /staff. */
  staff: { ...staff, name: 'Staff' },
  /** A second staff member: publishes what the first one classified. */
  reviewer: { ...reviewer, name: 'Revisora' },
} as const;
