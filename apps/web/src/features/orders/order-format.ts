import { ERRORS, errorMessage, type ErrorCode, type VariantPick } from '@despacho/domain';
import { currentLanguage } from '../../lib/i18n';

/** "Playera básica — Rojo / M · PLY-RM", as the pickers list a variant. */
export function variantLabel(pick: Pick<VariantPick, 'product_name' | 'title' | 'sku'>) {
  const name = pick.title ? `${pick.product_name} — ${pick.title}` : pick.product_name;
  return pick.sku ? `${name} · ${pick.sku}` : name;
}

/** Why an order was left out or not labelled: a known error code in the screen's language. */
export const errorReason = (code: string) =>
  code in ERRORS ? errorMessage(code as ErrorCode, currentLanguage()) : code;
