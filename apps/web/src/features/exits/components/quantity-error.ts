import { localizeIssue, type z } from '@despacho/domain';
import { currentLanguage } from '../../../lib/i18n';

/** A quantity field's value as Mantine gives it: a number, or what is not one yet ('', '-'). */
export type TypedQuantity = number | string;

/**
 * What is wrong with a typed quantity: first the shared schema's rule (a whole number in its
 * range, worded as the server words it), then the cap this screen knows (what is available, what
 * the exit asked for). The value itself is never changed: the merchant sees it and the reason.
 */
export function quantityError(
  schema: z.ZodType<number>,
  typed: TypedQuantity,
  cap: { max: number; message: string },
): string | undefined {
  const parsed = schema.safeParse(typeof typed === 'number' ? typed : undefined);
  if (!parsed.success) return localizeIssue(parsed.error.issues[0]!, currentLanguage());
  return parsed.data > cap.max ? cap.message : undefined;
}
