import type { ErrorDefinition } from '../error-definition';

/** Support conversations: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const SUPPORT_ERRORS = {
  // Support
  CONVERSATION_CLOSED: {
    status: 409,
    es: 'Esta conversación ya está cerrada.',
    en: 'This conversation is already closed.',
  },
} as const satisfies Record<string, ErrorDefinition>;
