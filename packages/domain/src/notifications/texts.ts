import type { Language } from '../language';
import * as groups from '../notification-codes';
import type { z } from '../validation';
import type { NotificationDefinition } from './define';

/**
 * What a notification says, as it is stored: a code and its parameters, never sentences
 * (issue 13). Each domain declares its codes; `notificationText` writes one in the reader's
 * language. Amounts are centavos; a reason or an answer staff wrote is quoted as they wrote it.
 */
type Groups = (typeof groups)[keyof typeof groups];
type Merged<U> = (U extends unknown ? (group: U) => void : never) extends (group: infer I) => void
  ? I
  : never;
type Definitions = Merged<Groups>;

export type NotificationCode = keyof Definitions & string;

export type NotificationContent = {
  [C in NotificationCode]: { code: C; params: z.infer<Definitions[C]['params']> };
}[NotificationCode];

/** Every registered code; a code declared by two domains is refused by `notification-codes.test.ts`. */
export const NOTIFICATION_DEFINITIONS: Record<string, NotificationDefinition> = Object.assign(
  {},
  ...Object.values(groups),
);

export function isNotificationCode(code: string): code is NotificationCode {
  return Object.hasOwn(NOTIFICATION_DEFINITIONS, code);
}

/** Parameters that the code's schema refuses throw: a caller's mistake, caught by its tests. */
export function checkedNotification(content: NotificationContent): NotificationContent {
  const params = NOTIFICATION_DEFINITIONS[content.code]!.params.parse(content.params);
  return { code: content.code, params } as NotificationContent;
}

/** A stored notification's title and body in the reader's language. */
export function notificationText(
  content: NotificationContent,
  language: Language,
): { title: string; body: string } {
  return NOTIFICATION_DEFINITIONS[content.code]!.texts(content.params)[language];
}
