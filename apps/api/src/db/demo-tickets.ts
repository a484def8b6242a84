import { shipmentsQuerySchema, ticketCreateSchema, type TicketCreate } from '@despacho/domain';
import type { Services } from '../modules/services';
import { renderDemoImage } from './demo-product-images';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * "Comercio Demo"'s support tickets (issue 23), written through the tickets and helpdesk
 * services as the merchant and the staff user would, so every rule holds (response clock,
 * notifications, audit): one closed and rated, one in progress with a staff answer and an
 * internal note, and one just opened about a demo guide with a photo of the parcel.
 */
export async function seedDemoTickets(
  services: Services,
  {
    organizationId,
    ownerId,
    staffId,
  }: { organizationId: string; ownerId: string; staffId: string },
  seedClock: { backdateMs: number },
): Promise<void> {
  const { tickets, helpdesk, ticketThreads, shipments, files } = services;
  const at = (agoMs: number) => (seedClock.backdateMs = agoMs);
  const open = (input: TicketCreate) =>
    tickets.open(organizationId, ownerId, ticketCreateSchema.parse(input));

  at(5 * DAY_MS);
  const closed = await open({
    title: 'Recolección para mañana',
    category: 'pickup',
    description: '¿Pueden recoger mañana por la mañana en la bodega de Roma Norte?',
  });
  at(5 * DAY_MS - 2 * HOUR_MS);
  await helpdesk.reply(closed.id, staffId, {
    body: 'Listo: la recolección quedó programada para mañana entre 9:00 y 13:00.',
    internal: false,
  });
  at(4 * DAY_MS);
  await helpdesk.close(closed.id, staffId, 'Recolección programada');
  await tickets.rate(organizationId, closed.id, {
    rating: 5,
    comment: 'Muy rápidos, gracias.',
  });

  at(2 * DAY_MS);
  const inProgress = await open({
    title: 'Factura del depósito inicial',
    category: 'billing',
    description: 'Necesito la factura del depósito con mi RFC actualizado.',
  });
  await helpdesk.assign(inProgress.id, staffId, staffId);
  await helpdesk.reply(inProgress.id, staffId, {
    body: 'Revisar con facturación si el RFC nuevo ya está validado ante el SAT.',
    internal: true,
  });
  at(2 * DAY_MS - 3 * HOUR_MS);
  await helpdesk.reply(inProgress.id, staffId, {
    body: 'Con gusto. ¿Nos confirmas tu RFC y régimen fiscal para emitirla de nuevo?',
    internal: false,
  });

  const { data: guides } = await shipments.list(
    organizationId,
    shipmentsQuerySchema.parse({ pageSize: 1 }),
    'es',
  );
  const guide = guides[0];
  if (!guide) return;
  at(3 * HOUR_MS);
  const opened = await open({
    title: 'Paquete con la caja dañada',
    category: 'shipment',
    description: 'El cliente recibió la caja golpeada; adjunto la foto que nos mandó.',
    link: { kind: 'shipment', id: guide.id },
  });
  // The photo goes onto the first message the way an upload does: checked target, stored, linked.
  const target = await tickets.attachTarget(organizationId, opened.id, opened.messages[0]!.id);
  const { purpose, uploadedBy } = ticketThreads.uploadOptions(target, ownerId);
  const photo = await files.storeBytes(await renderDemoImage('bolsa', '#b07a4a', 'Caja dañada'), {
    organizationId,
    purpose,
    uploadedBy,
    kind: 'png',
    name: 'caja-dañada.png',
  });
  await tickets.attach(target, photo);
  seedClock.backdateMs = 0;
}
