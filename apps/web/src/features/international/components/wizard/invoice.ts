import { t1LineInputSchema, type T1LineInput } from '@despacho/domain';

/**
 * The invoice as typed so far: each line's quantity × unit value in cents (null while either is
 * not a valid figure yet) and the sum of the valid ones.
 */
export function lineSubtotals(lines: readonly Partial<T1LineInput>[]) {
  const subtotals = lines.map((line) => {
    const unit = t1LineInputSchema.shape.unit_value.safeParse(line.unit_value ?? '');
    return unit.success && typeof line.quantity === 'number' ? unit.data * line.quantity : null;
  });
  return { subtotals, total: subtotals.reduce<number>((sum, value) => sum + (value ?? 0), 0) };
}
