import type { FastifyInstance } from 'fastify';
import { shopDomainField } from '@despacho/domain';
import { SHOPIFY_SANDBOX_PATH } from './shopify-app';
import type { ShopifySandbox } from './shopify-sandbox';
import { escape, page, SANDBOX_SCRIPT_PATH } from './shopify-sandbox.html';

const ADMIN = `${SHOPIFY_SANDBOX_PATH}/admin`;

/**
 * Sends the sandbox's forms with the app's double-submit CSRF header (platform/csrf.ts), which a
 * plain form post cannot carry; then shows the page the server redirects to.
 */
const SCRIPT = `document.addEventListener('submit', async (event) => {
  const form = event.target; event.preventDefault();
  const token = (document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/) || [])[1] || '';
  const response = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)),
    headers: { 'x-xsrf-token': decodeURIComponent(token) }, redirect: 'follow' });
  window.location.assign(response.url);
});`;

const FINANCIAL_STATUSES = [
  ['PENDING', 'Pendiente'],
  ['PAID', 'Pagado'],
  ['PARTIALLY_REFUNDED', 'Reembolso parcial'],
  ['REFUNDED', 'Reembolsado'],
] as const;

const field = (name: string, label: string, value = '', type = 'text') =>
  `<label>${escape(label)} <input name="${name}" type="${type}" value="${escape(value)}"></label>`;

async function adminPage(sandbox: ShopifySandbox): Promise<string> {
  const sections = [];
  for (const shop of await sandbox.shops()) {
    const orders = await sandbox.orders(shop.domain);
    const rows = orders
      .map((order) => {
        const fulfilments = order.fulfillments
          .map(
            (fulfilment) =>
              `${escape(fulfilment.tracking.company)} ${escape(fulfilment.tracking.number)}`,
          )
          .join('<br>');
        const status = order.cancelledAt
          ? 'Cancelado'
          : order.fulfillmentOrders.map((entry) => entry.status).join(', ');
        const base = `${ADMIN}/shops/${escape(shop.domain)}/orders/${order.id}`;
        const statuses = FINANCIAL_STATUSES.map(
          ([value, label]) =>
            `<option value="${value}"${value === order.financialStatus ? ' selected' : ''}>${label}</option>`,
        ).join('');
        // A merchant edits contact, tags and payment; a cancelled order only shows.
        const actions = order.cancelledAt
          ? ''
          : `<form method="post" action="${base}"><fieldset><legend>Editar ${escape(order.name)}</legend>
${field('email', 'Correo', order.email ?? '', 'email')}${field('tags', 'Etiquetas (separadas por comas)', order.tags.join(', '))}
<label>Pago <select name="financialStatus">${statuses}</select></label><button type="submit">Guardar ${escape(order.name)}</button></fieldset></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancelar ${escape(order.name)}</button></form>`;
        const lines = order.lines
          .map((line) => `${line.quantity} × ${escape(line.sku)} ${escape(line.title)}`)
          .join('<br>');
        return `<tr><td>${escape(order.name)}</td><td>${escape(order.shippingAddress?.name)}<br>${escape(order.email)}</td><td>${lines}</td><td>${escape(status)}</td><td>${fulfilments || '—'}</td><td>${actions}</td></tr>`;
      })
      .join('');
    const chaos = shop.chaos;
    sections.push(`<section aria-labelledby="shop-${shop.id}"><h2 id="shop-${shop.id}">${escape(shop.name)} (${escape(shop.domain)})</h2>
<table><caption>Pedidos</caption><thead><tr><th>Pedido</th><th>Cliente</th><th>Artículos</th><th>Preparación</th><th>Envíos y guías</th><th>Acciones</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${ADMIN}/shops/${escape(shop.domain)}/orders"><fieldset><legend>Nuevo pedido</legend>
${field('name', 'Nombre del cliente')}${field('email', 'Correo', '', 'email')}${field('address1', 'Calle y número')}${field('city', 'Ciudad')}${field('province', 'Estado')}${field('zip', 'Código postal')}
<label>Ubicación <select name="location">${shop.locations.map((location, index) => `<option value="${index}">${escape(location.name)}</option>`).join('')}</select></label>
${field('sku', 'SKU')}${field('title', 'Producto')}${field('quantity', 'Cantidad', '1', 'number')}${field('price', 'Precio (MXN)', '100', 'number')}
<button type="submit">Crear pedido</button></fieldset></form>
<form method="post" action="${ADMIN}/shops/${escape(shop.domain)}/chaos"><fieldset><legend>Caos en las entregas de webhooks</legend>
${field('duplicate', 'Duplicar (0–1)', String(chaos.duplicate))}${field('reorder', 'Desordenar (0–1)', String(chaos.reorder))}${field('drop', 'Perder (0–1)', String(chaos.drop))}${field('delay', 'Retrasar (0–1)', String(chaos.delay))}${field('delayMs', 'Retraso (ms)', String(chaos.delayMs))}${field('seed', 'Semilla', String(chaos.seed))}
<button type="submit">Guardar caos</button></fieldset></form></section>`);
  }
  return page(
    'Administración de la tienda Shopify Sandbox',
    `${sections.join('')}<form method="post" action="${ADMIN}/shops"><fieldset><legend>Nueva tienda</legend>
${field('domain', 'Dominio (tienda.myshopify.com)')}${field('name', 'Nombre')}<button type="submit">Crear tienda</button></fieldset></form>`,
  );
}

const number = (value: string | undefined, fallback = 0) =>
  Number.isFinite(Number(value)) ? Number(value) : fallback;

/** The sandbox's admin page, where a person plays the merchant's side of Shopify. */
export function registerSandboxAdmin(app: FastifyInstance, sandbox: ShopifySandbox): void {
  const hide = { schema: { hide: true } };
  const back = { location: ADMIN };
  app.get(SANDBOX_SCRIPT_PATH, hide, async (_request, reply) =>
    reply.type('text/javascript').send(SCRIPT),
  );
  app.get(ADMIN, hide, async (_request, reply) =>
    reply.type('text/html').send(await adminPage(sandbox)),
  );
  app.post(`${ADMIN}/shops`, hide, async (request, reply) => {
    const form = request.body as Record<string, string>;
    const domain = shopDomainField.safeParse(form.domain ?? '');
    if (domain.success && form.name)
      await sandbox.createShop({ domain: domain.data, name: form.name.slice(0, 100) });
    return reply.redirect(back.location, 303);
  });
  app.post(`${ADMIN}/shops/:shop/orders`, hide, async (request, reply) => {
    const { shop } = request.params as { shop: string };
    const form = request.body as Record<string, string>;
    await sandbox.createOrder(shop, {
      email: form.email || null,
      shippingAddress: {
        name: form.name ?? '',
        phone: null,
        address1: form.address1 ?? '',
        address2: null,
        city: form.city ?? '',
        province: form.province ?? '',
        zip: form.zip ?? '',
        countryCode: 'MX',
      },
      lines: [
        {
          sku: form.sku || null,
          title: form.title || 'Producto',
          quantity: Math.max(1, Math.trunc(number(form.quantity, 1))),
          price: Math.round(number(form.price) * 100),
          location: Math.max(0, Math.trunc(number(form.location))),
        },
      ],
    });
    return reply.redirect(back.location, 303);
  });
  app.post(`${ADMIN}/shops/:shop/orders/:id`, hide, async (request, reply) => {
    const { shop, id } = request.params as { shop: string; id: string };
    const form = request.body as Record<string, string>;
    const status = FINANCIAL_STATUSES.find(([value]) => value === form.financialStatus)?.[0];
    await sandbox
      .updateOrder(shop, Number(id), {
        email: form.email || null,
        tags: (form.tags ?? '')
          .split(',')
          .map((tag) => tag.trim().slice(0, 40))
          .filter(Boolean),
        ...(status ? { financialStatus: status } : {}),
      })
      .catch(() => undefined);
    return reply.redirect(back.location, 303);
  });
  app.post(`${ADMIN}/shops/:shop/orders/:id/cancel`, hide, async (request, reply) => {
    const { shop, id } = request.params as { shop: string; id: string };
    await sandbox.cancelOrder(shop, Number(id)).catch(() => undefined);
    return reply.redirect(back.location, 303);
  });
  app.post(`${ADMIN}/shops/:shop/chaos`, hide, async (request, reply) => {
    const { shop } = request.params as { shop: string };
    const form = request.body as Record<string, string>;
    const share = (value: string | undefined) => Math.min(1, Math.max(0, number(value)));
    await sandbox.setChaos(shop, {
      duplicate: share(form.duplicate),
      reorder: share(form.reorder),
      drop: share(form.drop),
      delay: share(form.delay),
      delayMs: Math.max(0, number(form.delayMs)),
      seed: Math.trunc(number(form.seed, 1)),
    });
    return reply.redirect(back.location, 303);
  });
}
