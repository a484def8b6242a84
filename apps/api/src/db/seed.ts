import { AccountsService } from '../modules/accounts/accounts.service';
import { NotificationsService } from '../modules/notifications/notifications.service';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/passwords';

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
export async function seedDemo(db: Db, clock: Clock): Promise<boolean> {
  const accounts = new AccountsService({ db, clock });
  const [owner, shipping, staff] = DEMO_LOGINS;
  if (await accounts.findByEmail(owner.email)) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = {
    passwordHash,
    phoneCountryCode: '+52',
    phoneVerifiedAt: clock.now(),
    language: 'es' as const,
  };
  await db.transaction(async (tx) => {
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
    await new NotificationsService({ db, clock }).notify(
      organization.id,
      {
        kind: 'NEWS',
        title: { es: 'Bienvenido a Despacho', en: 'Welcome to Despacho' },
        body: {
          es: 'Tu cuenta demo está lista. Si tienes dudas, contacta a un asesor desde el dashboard.',
          en: 'Your demo account is ready. Questions? Contact a consultant from the dashboard.',
        },
      },
      tx,
    );
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
  });
  return true;
}
