import type { FastifyInstance } from 'fastify';
import { escape } from '../shopify/shopify-sandbox.html';
import { MERCADOLIBRE_SANDBOX_PATH } from './mercadolibre-app';
import type { MercadoLibreSandbox } from './mercadolibre-sandbox';
import { mlPage } from './mercadolibre-sandbox.html';

const ADMIN = `${MERCADOLIBRE_SANDBOX_PATH}/admin`;

const MODES = [
  ['me2', 'Mercado Envíos (me2)'],
  ['me1', 'Envío propio (me1)'],
  ['custom', 'Acordar con el vendedor (custom)'],
] as const;

const field = (name: string, label: string, value = '', type = 'text') =>
  `<label>${escape(label)} <input name="${name}" type="${type}" value="${escape(value)}"></label>`;

const number = (value: string | undefined, fallback = 0) =>
  Number.isFinite(Number(value)) && value !== '' ? Number(value) : fallback;

async function adminPage(sandbox: MercadoLibreSandbox): Promise<string> {
  const sellers = await sandbox.listSellers();
  const purchases = await Promise.all(sellers.map((seller) => sandbox.purchases(seller.id)));
  const sections = sellers.map((seller, index) => {
    const rows = purchases[index]!.map(({ id, orders, shipment }) => {
      const cancelled = orders.every((order) => order.status === 'cancelled');
      const lines = orders
        .flatMap((order) => order.order_items)
        .map(
          (line) => `${line.quantity} × ${escape(line.item.seller_sku)} ${escape(line.item.title)}`,
        )
        .join('<br>');
      const tracking = shipment?.tracking_number
        ? `${escape(shipment.tracking_method)} ${escape(shipment.tracking_number)}`
        : '';
      const actions = cancelled
        ? ''
        : `<form method="post" action="${ADMIN}/orders/${id}"><label>Pago <select name="status">
<option value="paid">Pagado</option><option value="payment_required">Pago pendiente</option></select></label>
<button type="submit">Guardar ${id}</button></form>
<form method="post" action="${ADMIN}/orders/${id}/cancel"><button type="submit">Cancelar ${id}</button></form>`;
      return `<tr><td>${id}${orders.length > 1 ? ' (paquete)' : ''}</td><td>${lines}</td>
<td>${escape(orders.map((order) => order.status).join(', '))}</td><td>${escape(shipment?.mode)} · ${escape(shipment?.status)}</td>
<td>${tracking}</td><td>${actions}</td></tr>`;
    }).join('');
    const modes = MODES.map(([value, label]) => `<option value="${value}">${label}</option>`).join(
      '',
    );
    const chaos = seller.chaos;
    return `<section><h2>${escape(seller.nickname)} (${seller.id})</h2>
<table><caption>Ventas</caption><thead><tr><th>Venta</th><th>Productos</th><th>Estado</th><th>Envío</th><th>Guía</th><th>Acciones</th></tr></thead>
<tbody>${rows}</tbody></table>
<form method="post" action="${ADMIN}/sellers/${seller.id}/orders"><fieldset><legend>Nueva venta</legend>
${field('sku', 'SKU')}${field('title', 'Producto', 'Producto de prueba')}${field('quantity', 'Cantidad', '1', 'number')}
${field('price', 'Precio (centavos)', '10000', 'number')}${field('sku2', 'SKU del segundo producto (opcional: forma un paquete)')}
${field('zip', 'Código postal', '06600')}<label>Envío <select name="mode">${modes}</select></label>
<button type="submit">Crear venta</button></fieldset></form>
<form method="post" action="${ADMIN}/sellers/${seller.id}/chaos"><fieldset><legend>Caos de notificaciones</legend>
${field('duplicate', 'Duplicar (0–1)', String(chaos.duplicate))}${field('reorder', 'Desordenar (0–1)', String(chaos.reorder))}
${field('drop', 'Perder (0–1)', String(chaos.drop))}${field('delay', 'Retrasar (0–1)', String(chaos.delay))}
${field('delayMs', 'Retraso (ms)', String(chaos.delayMs), 'number')}${field('seed', 'Semilla', String(chaos.seed), 'number')}
<button type="submit">Guardar caos</button></fieldset></form></section>`;
  });
  return mlPage(
    'Mercado Libre Sandbox',
    `<form method="post" action="${ADMIN}/sellers"><fieldset><legend>Nuevo vendedor</legend>
${field('nickname', 'Apodo')}<button type="submit">Crear vendedor</button></fieldset></form>${sections.join('')}`,
  );
}

/** The sandbox's admin page, where a person plays the seller's and buyers' side. */
export function registerMlSandboxAdmin(app: FastifyInstance, sandbox: MercadoLibreSandbox): void {
  const hide = { schema: { hide: true } };
  const back = (reply: { redirect: (url: string, code: number) => unknown }) =>
    reply.redirect(ADMIN, 303);
  const form = (body: unknown) => (body ?? {}) as Record<string, string>;
  const id = (params: unknown) => Number((params as { id: string }).id);

  app.get(ADMIN, hide, async (_request, reply) =>
    reply.type('text/html').send(await adminPage(sandbox)),
  );
  app.post(`${ADMIN}/sellers`, hide, async (request, reply) => {
    const nickname = form(request.body).nickname?.trim().slice(0, 60);
    if (nickname) await sandbox.createSeller({ nickname });
    return back(reply);
  });
  app.post(`${ADMIN}/sellers/:id/orders`, hide, async (request, reply) => {
    const data = form(request.body);
    const sellerId = id(request.params);
    if (!(await sandbox.listSellers()).some((seller) => seller.id === sellerId)) return back(reply);
    const line = (sku: string | undefined) => ({
      sku: sku?.trim() || null,
      title: (data.title || 'Producto de prueba').slice(0, 120),
      quantity: Math.max(1, Math.trunc(number(data.quantity, 1))),
      price: Math.max(0, Math.trunc(number(data.price, 10000))),
    });
    const mode = MODES.find(([value]) => value === data.mode)?.[0] ?? 'me2';
    await sandbox.createOrder(sellerId, {
      lines: data.sku2?.trim() ? [line(data.sku), line(data.sku2)] : [line(data.sku)],
      mode,
      address: {
        street: 'Av. Reforma',
        number: '1',
        zip: (data.zip || '06600').slice(0, 5),
        city: 'Ciudad de México',
        state: 'CDMX',
      },
    });
    return back(reply);
  });
  app.post(`${ADMIN}/orders/:id`, hide, async (request, reply) => {
    const status = form(request.body).status;
    if (status === 'paid' || status === 'payment_required')
      await sandbox.updateOrder(id(request.params), { status });
    return back(reply);
  });
  app.post(`${ADMIN}/orders/:id/cancel`, hide, async (request, reply) => {
    await sandbox.cancelOrder(id(request.params));
    return back(reply);
  });
  app.post(`${ADMIN}/sellers/:id/chaos`, hide, async (request, reply) => {
    const data = form(request.body);
    const share = (value: string | undefined) => Math.min(1, Math.max(0, number(value)));
    const sellerId = id(request.params);
    if ((await sandbox.listSellers()).some((seller) => seller.id === sellerId))
      await sandbox.setChaos(sellerId, {
        duplicate: share(data.duplicate),
        reorder: share(data.reorder),
        drop: share(data.drop),
        delay: share(data.delay),
        delayMs: Math.max(0, Math.trunc(number(data.delayMs, 5000))),
        seed: Math.trunc(number(data.seed, 1)),
      });
    return back(reply);
  });
}
