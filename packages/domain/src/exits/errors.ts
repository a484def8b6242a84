import type { ErrorDefinition } from '../error-definition';

/** Warehouse exits (issue 15): their refusals, merged into `ERRORS` (errors.ts). */
export const EXITS_ERRORS = {
  // Spec §5: out-of-stock products cannot be shipped; the user removes them or sets quantity 0.
  EXIT_OUT_OF_STOCK: {
    status: 409,
    es: 'Hay productos sin existencias suficientes en el almacén: quítalos o pon su cantidad en 0.',
    en: 'Some products do not have enough stock at the warehouse: remove them or set their quantity to 0.',
  },
  EXIT_STATUS_CONFLICT: {
    status: 409,
    es: 'La salida ya cambió de estado: recarga para ver cómo está.',
    en: 'The exit has already changed status: reload to see where it stands.',
  },
  EXIT_EMPTY: {
    status: 409,
    es: 'La salida necesita al menos un producto con cantidad mayor a 0.',
    en: 'The exit needs at least one product with a quantity above 0.',
  },
  // Decision 028: while staff buy its guide and ship it, the exit cannot change hands.
  EXIT_DISPATCHING: {
    status: 409,
    es: 'El almacén está enviando esta salida en este momento; si el envío no se completa, podrás cancelarla.',
    en: 'The warehouse is dispatching this exit right now; if the dispatch does not go through, you can cancel it.',
  },
  EXIT_WAREHOUSE_ONLY: {
    status: 409,
    es: 'Las salidas se hacen desde un almacén de la plataforma activo.',
    en: 'Exits leave from an active platform warehouse.',
  },
} as const satisfies Record<string, ErrorDefinition>;
