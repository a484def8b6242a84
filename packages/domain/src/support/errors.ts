import type { ErrorDefinition } from '../error-definition';

/** Support conversations and tickets: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const SUPPORT_ERRORS = {
  // Support
  CONVERSATION_CLOSED: {
    status: 409,
    es: 'Esta conversación ya está cerrada.',
    en: 'This conversation is already closed.',
  },
  TICKET_CLOSED: {
    status: 409,
    es: 'Este ticket ya está cerrado.',
    en: 'This ticket is already closed.',
  },
  TICKET_REOPEN_EXPIRED: {
    status: 409,
    es: 'Este ticket se cerró hace más de 7 días. Abre un ticket nuevo: quedará ligado a este.',
    en: 'This ticket was closed more than 7 days ago. Open a new ticket: it will be linked to this one.',
  },
  TICKET_NOT_CLOSED: {
    status: 409,
    es: 'Solo puedes calificar un ticket cerrado.',
    en: 'You can only rate a closed ticket.',
  },
  TICKET_PREVIOUS_STILL_OPEN: {
    status: 409,
    es: 'El ticket anterior aún puede reabrirse: respóndelo en lugar de abrir uno nuevo.',
    en: 'The previous ticket can still be reopened: reply to it instead of opening a new one.',
  },
  TICKET_ATTACHMENTS_FULL: {
    status: 409,
    es: 'Un mensaje admite máximo {max} archivos adjuntos.',
    en: 'A message takes at most {max} attachments.',
  },
  TICKET_MERGE_INVALID: {
    status: 409,
    es: 'Solo puedes unir un ticket a otro ticket abierto de la misma empresa.',
    en: 'A ticket can only be merged into another open ticket of the same company.',
  },
  TICKET_ASSIGNEE_INVALID: {
    status: 422,
    es: 'Solo puedes asignar el ticket a alguien del equipo de Despacho.',
    en: 'A ticket can only be assigned to a member of the Despacho team.',
  },
} as const satisfies Record<string, ErrorDefinition>;
