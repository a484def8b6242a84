import type { Language } from '../language';
import { formatMoney } from '../money';
import type { z } from '../validation';

/** A notification's title and body in every language of the app. */
export type NotificationTexts = Record<Language, { title: string; body: string }>;

/**
 * One notification code: the schema of its stored parameters and the sentences it says with
 * them. A domain declares its codes in its own `notifications.ts` (issue 23).
 */
export interface NotificationDefinition<Schema extends z.ZodType = z.ZodType> {
  params: Schema;
  texts: (params: z.infer<Schema>) => NotificationTexts;
}

/** Keeps each code's `texts` typed by its own `params` schema. */
export function defineNotifications<Schemas extends Record<string, z.ZodType>>(definitions: {
  [C in keyof Schemas]: NotificationDefinition<Schemas[C]>;
}): { [C in keyof Schemas]: NotificationDefinition<Schemas[C]> } {
  return definitions;
}

/** Amounts read as the merchant writes them, `$1,250.00`, in both languages. */
export const money = (centavos: number) => formatMoney(centavos);
/** A reason ends the sentence the template gives it: its own final dot would double it. */
export const unpunctuated = (reason: string) => reason.replace(/[\s.]+$/u, '');
