import type { ErrorDefinition } from '../error-definition';

/** Organizations, their users and account details: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const ACCOUNTS_ERRORS = {
  // Organization users and invitations
  USER_ALREADY_IN_ORGANIZATION: {
    status: 409,
    es: 'Este correo ya pertenece a un usuario de tu organización.',
    en: 'This email already belongs to a user of your organization.',
  },
  EMAIL_IN_OTHER_ORGANIZATION: {
    status: 409,
    es: 'Este correo ya tiene una cuenta en otra organización. Cada usuario pertenece a una sola organización.',
    en: 'This email already has an account in another organization. Each user belongs to one organization only.',
  },
  CANNOT_DEACTIVATE_SELF: {
    status: 409,
    es: 'No puedes desactivar tu propio usuario.',
    en: 'You cannot deactivate your own user.',
  },
  LAST_OWNER: {
    status: 409,
    es: 'La organización necesita al menos un dueño activo: asigna otro dueño antes de cambiar este.',
    en: 'The organization needs at least one active owner: make someone else owner before changing this one.',
  },
  OWNER_ONLY: {
    status: 403,
    es: 'Solo un dueño puede asignar, quitar o desactivar a un dueño.',
    en: 'Only an owner can make, unmake or deactivate an owner.',
  },
  PERMISSION_NOT_GRANTABLE: {
    status: 403,
    es: 'No puedes otorgar permisos que no tienes ni cambiar a un usuario con más permisos que tú.',
    en: 'You cannot grant permissions you do not hold or change a user with more permissions than you.',
  },
  // Account details: deposit data
  CLABE_TAKEN: {
    status: 409,
    es: 'Esta CLABE ya está registrada por otra organización.',
    en: 'This CLABE is already registered by another organization.',
  },
  TAX_INFORMATION_UNAVAILABLE: {
    status: 422,
    es: 'No se pudo obtener tu información fiscal, por favor verifica tus datos',
    en: 'Your tax information could not be obtained, please verify your information',
  },
} as const satisfies Record<string, ErrorDefinition>;
