import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';

export const DEMO_PASSWORD = 'Demo#2025';

/** The demo logins `npm start` prints. */
export const DEMO_LOGINS = [
  { label: 'Dueño', email: 'dueno@comercio-demo.mx', password: DEMO_PASSWORD },
  { label: 'Solo envíos', email: 'envios@comercio-demo.mx', password: DEMO_PASSWORD },
  { label: 'Staff de la plataforma', email: 'staff@despacho.mx', password: DEMO_PASSWORD },
] as const;

/**
 * Creates the demo organization "Comercio Demo" (owner and shipping-only user) and one platform
 * staff user, once. Returns whether anything was created.
 */
export async function seedDemo(_db: Db, _clock: Clock): Promise<boolean> {
  // Filled in by the accounts module.
  return false;
}
