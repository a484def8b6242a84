import { escape, SANDBOX_SCRIPT_PATH } from '../shopify/shopify-sandbox.html';
import { MERCADOLIBRE_SANDBOX_PATH } from './mercadolibre-app';

/**
 * A sandbox page: Spanish, marked «Sandbox» so nobody takes it for Mercado Libre. Its forms are
 * sent with the app's CSRF header by the sandboxes' shared script (served by the Shopify sandbox).
 */
export function mlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Mercado Libre Sandbox</title>
<script src="${SANDBOX_SCRIPT_PATH}" defer></script>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a}main{max-width:960px;margin:auto;padding:1rem}
.banner{background:#6b5200;color:#fff;padding:.5rem 1rem;font-weight:600}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}label{display:block;margin:.3rem 0}
fieldset{margin:1rem 0}button{padding:.4rem .8rem}</style></head>
<body><div class="banner" role="note">Sandbox — Mercado Libre de prueba, no es Mercado Libre</div>
<main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** Mercado Libre's consent screen: which sandbox seller grants Despacho, and «Permitir». */
export function consentPage(
  sellers: { id: number; nickname: string }[],
  query: Record<string, string>,
): string {
  const hidden = ['client_id', 'redirect_uri', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escape(query[name])}">`)
    .join('');
  const options = sellers
    .map((seller) => `<option value="${seller.id}">${escape(seller.nickname)}</option>`)
    .join('');
  const body = sellers.length
    ? `<p>Despacho pide permiso para ver tus ventas y sus envíos, e informar la guía de los que envías tú.</p>
<form method="post" action="${MERCADOLIBRE_SANDBOX_PATH}/authorization">${hidden}
<label>Vendedor <select name="seller_id">${options}</select></label>
<button type="submit">Permitir</button></form>`
    : `<p>No hay vendedores de prueba. Crea uno en <a href="${MERCADOLIBRE_SANDBOX_PATH}/admin">la administración del sandbox</a>.</p>`;
  return mlPage('Autorizar a Despacho', body);
}
