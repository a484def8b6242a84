import type { ShipmentStatus } from '@despacho/domain';

import { kilograms } from '../../lib/weight';

/** How the shipping screens write figures (dates: `lib/dates.ts`, weights: `lib/weight.ts`). */
export { formatKg } from '../../lib/weight';

export const formatDimensions = (pkg: { length_cm: number; width_cm: number; height_cm: number }) =>
  `${kilograms.format(pkg.length_cm)} × ${kilograms.format(pkg.width_cm)} × ${kilograms.format(pkg.height_cm)} cm`;

export const STATUS_COLORS: Record<ShipmentStatus, string> = {
  created: 'blue',
  collected: 'cyan',
  delivered: 'teal',
  delayed: 'orange',
  cancelled: 'gray',
};
