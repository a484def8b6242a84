import type { StorePlatform } from '@despacho/domain';

/**
 * How the screens draw each platform: its name and a colour for our own simple badge (not the
 * platform's trademark artwork).
 */
export const PLATFORMS: Record<StorePlatform, { name: string; color: string; initials: string }> = {
  shopify: { name: 'Shopify', color: '#5e8e3e', initials: 'S' },
  mercadolibre: { name: 'Mercado Libre', color: '#2d3277', initials: 'ML' },
  woocommerce: { name: 'WooCommerce', color: '#7f54b3', initials: 'W' },
};
