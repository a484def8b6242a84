import type { VariantPick } from '@despacho/domain';

/** "Playera básica — Rojo / M · PLY-RM", as the pickers list a variant. */
export function variantLabel(pick: Pick<VariantPick, 'product_name' | 'title' | 'sku'>) {
  const name = pick.title ? `${pick.product_name} — ${pick.title}` : pick.product_name;
  return pick.sku ? `${name} · ${pick.sku}` : name;
}
