import { SHOPIFY_SANDBOX_PATH, SHOPIFY_SCOPES } from './shopify-app';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escape = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/** The script that sends the sandbox's forms with the CSRF header the app requires. */
export const SANDBOX_SCRIPT_PATH = `${SHOPIFY_SANDBOX_PATH}/sandbox.js`;

/** A sandbox page: Spanish, marked «Sandbox» so nobody takes it for Shopify. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Shopify Sandbox</title>
<script src="${SANDBOX_SCRIPT_PATH}" defer></script>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a}main{max-width:960px;margin:auto;padding:1rem}
.banner{background:#8a4b00;color:#fff;padding:.5rem 1rem;font-weight:600}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}label{display:block;margin:.3rem 0}
fieldset{margin:1rem 0}button{padding:.4rem .8rem}</style></head>
<body><div class="banner" role="note">Sandbox — tienda de prueba de Shopify, no es Shopify</div>
<main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

const SCOPE_LABELS: Record<string, string> = {
  read_orders: 'Ver pedidos',
  write_orders: 'Cancelar y editar pedidos',
  read_merchant_managed_fulfillment_orders: 'Ver órdenes de preparación de tus ubicaciones',
  write_merchant_managed_fulfillment_orders: 'Marcar pedidos como enviados con su guía',
};

/** Shopify's consent screen: the scopes asked and an «Instalar» button. */
export function consentPage(shop: string, query: Record<string, string>): string {
  const scopes = (query.scope ?? SHOPIFY_SCOPES.join(',')).split(',');
  const hidden = ['client_id', 'scope', 'redirect_uri', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escape(query[name])}">`)
    .join('');
  return page(
    `Instalar Despacho en ${shop}`,
    `<p>Despacho pide permiso para:</p><ul>${scopes.map((scope) => `<li>${escape(SCOPE_LABELS[scope] ?? scope)}</li>`).join('')}</ul>
<form method="post" action="${SHOPIFY_SANDBOX_PATH}/store/${escape(shop)}/admin/oauth/authorize">${hidden}
<button type="submit">Instalar</button></form>`,
  );
}
