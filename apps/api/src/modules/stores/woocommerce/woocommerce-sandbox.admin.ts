import type { FastifyInstance } from 'fastify';
import { escape, SANDBOX_SCRIPT_PATH } from '../shopify/shopify-sandbox.html';
import { WOOCOMMERCE_SANDBOX_PATH, type WooCommerceSandbox } from './woocommerce-sandbox';

const ADMIN = `${WOOCOMMERCE_SANDBOX_PATH}/admin`;

const STATUSES = [
  ['pending', 'Pendiente de pago'],
  ['processing', 'Procesando'],
  ['on-hold', 'En espera'],
  ['completed', 'Completado'],
  ['cancelled', 'Cancelado'],
  ['refunded', 'Reembolsado'],
] as const;

const field = (name: string, label: string, value = '', type = 'text') =>
  `<label>${escape(label)} <input name="${name}" type="${type}" value="${escape(value)}" required></label>`;

/** A sandbox page: Spanish, marked «Sandbox» so nobody takes it for a WooCommerce site. */
function page(body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tiendas WooCommerce · Sandbox</title><script src="${SANDBOX_SCRIPT_PATH}" defer></script>
<style>body{font-family:system-ui,sans-serif;margin:0}main{max-width:960px;margin:auto;padding:1rem}
.banner{background:#5b2a86;color:#fff;padding:.5rem 1rem;font-weight:600}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}label{display:block;margin:.3rem 0}</style></head>
<body><div class="banner" role="note">Sandbox — tienda de prueba de WooCommerce, no es WooCommerce</div>
<main><h1>Tiendas WooCommerce (sandbox)</h1>${body}</main></body></html>`;
}

async function adminPage(sandbox: WooCommerceSandbox): Promise<string> {
  const sections = [];
  for (const site of await sandbox.allSites()) {
    const base = `${ADMIN}/sites/${escape(site.slug)}`;
    const rows = (await sandbox.ordersOf(site.slug))
      .map(({ order, notes: siteNotes, trackings: siteTrackings }) => {
        const statuses = STATUSES.map(
          ([value, label]) =>
            `<option value="${value}"${value === order.status ? ' selected' : ''}>${label}</option>`,
        ).join('');
        const notes = siteNotes.map((note) => escape(note.note)).join('<br>');
        const trackings = siteTrackings
          .map((entry) => `${escape(entry.tracking_provider)} ${escape(entry.tracking_number)}`)
          .join('<br>');
        return `<tr><td>#${order.id}</td><td>${escape(order.billing.email)}</td>
<td>${order.line_items.map((line) => `${line.quantity} × ${escape(line.sku)} ${escape(line.name)}`).join('<br>')}</td>
<td><form method="post" action="${base}/orders/${order.id}"><label>Estado del pedido #${order.id} <select name="status">${statuses}</select></label>
<button type="submit">Guardar #${order.id}</button></form></td><td>${notes}</td><td>${trackings}</td></tr>`;
      })
      .join('');
    const webhooks = (await sandbox.webhooksOf(site.slug))
      .map(
        (webhook) =>
          `<li>${escape(webhook.topic)}: ${escape(webhook.status)} (${webhook.failure_count} fallos)</li>`,
      )
      .join('');
    sections.push(`<section><h2>${escape(site.name)}</h2>
<p>URL: <code>${escape(site.url)}</code><br>Clave: <code>${escape(site.consumerKey)}</code><br>Secreto: <code>${escape(site.consumerSecret)}</code></p>
<form method="post" action="${base}/tracking"><label><input type="checkbox" name="on" value="1"${site.shipmentTracking ? ' checked' : ''}> Extensión Shipment Tracking activa</label><button type="submit">Guardar extensión</button></form>
<form method="post" action="${base}/chaos"><fieldset><legend>Caos de entregas (proporción 0–1)</legend>
${(['duplicate', 'reorder', 'drop', 'delay'] as const).map((name) => field(name, { duplicate: 'Duplicar', reorder: 'Desordenar', drop: 'Perder', delay: 'Retrasar' }[name], String(site.chaos[name]), 'number')).join('')}
${field('delayMs', 'Retraso (ms)', String(site.chaos.delayMs), 'number')}${field('seed', 'Semilla', String(site.chaos.seed), 'number')}
<button type="submit">Guardar caos</button></fieldset></form>
<h3>Webhooks</h3><ul>${webhooks || '<li>Ninguno</li>'}</ul>
<h3>Pedidos</h3><table><thead><tr><th scope="col">Pedido</th><th scope="col">Cliente</th><th scope="col">Artículos</th><th scope="col">Estado</th><th scope="col">Notas</th><th scope="col">Guías</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${base}/orders"><fieldset><legend>Nuevo pedido</legend>
${field('firstName', 'Nombre')}${field('lastName', 'Apellido')}${field('email', 'Correo', '', 'email')}
${field('street', 'Calle y número')}${field('city', 'Ciudad')}${field('state', 'Estado')}${field('zip', 'Código postal')}
${field('sku', 'SKU')}${field('name', 'Producto')}${field('quantity', 'Cantidad', '1', 'number')}${field('price', 'Precio (MXN)', '100', 'number')}
<button type="submit">Crear pedido</button></fieldset></form></section>`);
  }
  return page(`<form method="post" action="${ADMIN}/sites"><fieldset><legend>Nueva tienda</legend>${field('name', 'Nombre de la tienda')}
<button type="submit">Crear tienda</button></fieldset></form>${sections.join('')}`);
}

/** The admin page and its forms; each post redirects back to the page. */
export function registerWooSandboxAdmin(app: FastifyInstance, sandbox: WooCommerceSandbox): void {
  const back = { schema: { hide: true } };
  const form = (body: unknown) => (body ?? {}) as Record<string, string>;
  const slugOf = (params: unknown) => (params as { slug: string }).slug;
  // Forms for a site this sandbox does not have answer 404, like any unknown page.
  app.addHook('preHandler', async (request, reply) => {
    const slug = (request.params as { slug?: string } | undefined)?.slug;
    if (request.url.startsWith(ADMIN) && slug !== undefined && !(await sandbox.site(slug))) {
      return reply
        .status(404)
        .type('text/html')
        .send(page('<p>Esta tienda sandbox no existe.</p>'));
    }
  });
  app.get(ADMIN, back, async (_request, reply) =>
    reply.type('text/html').send(await adminPage(sandbox)),
  );
  app.post(`${ADMIN}/sites`, back, async (request, reply) => {
    await sandbox.createSite({ name: form(request.body).name || 'Tienda sandbox' });
    return reply.redirect(ADMIN, 303);
  });
  app.post(`${ADMIN}/sites/:slug/tracking`, back, async (request, reply) => {
    await sandbox.setShipmentTracking(slugOf(request.params), form(request.body).on === '1');
    return reply.redirect(ADMIN, 303);
  });
  app.post(`${ADMIN}/sites/:slug/chaos`, back, async (request, reply) => {
    const body = form(request.body);
    const share = (name: string) => Math.min(Math.max(Number(body[name]) || 0, 0), 1);
    await sandbox.setChaos(slugOf(request.params), {
      duplicate: share('duplicate'),
      reorder: share('reorder'),
      drop: share('drop'),
      delay: share('delay'),
      delayMs: Math.max(Number(body.delayMs) || 0, 0),
      seed: Number(body.seed) || 1,
    });
    return reply.redirect(ADMIN, 303);
  });
  app.post(`${ADMIN}/sites/:slug/orders`, back, async (request, reply) => {
    const body = form(request.body);
    await sandbox.createOrder(slugOf(request.params), {
      customer: {
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        email: body.email ?? '',
      },
      address: {
        street: body.street ?? '',
        city: body.city ?? '',
        state: body.state ?? '',
        zip: body.zip ?? '',
      },
      lines: [
        {
          sku: body.sku ?? '',
          name: body.name ?? '',
          quantity: Math.max(Number(body.quantity) || 1, 1),
          price: Math.max(Number(body.price) || 0, 0),
        },
      ],
    });
    return reply.redirect(ADMIN, 303);
  });
  app.post(`${ADMIN}/sites/:slug/orders/:id`, back, async (request, reply) => {
    const status = form(request.body).status;
    if (status) {
      await sandbox.updateOrder(
        slugOf(request.params),
        Number((request.params as { id: string }).id),
        {
          status,
        },
      );
    }
    return reply.redirect(ADMIN, 303);
  });
}
