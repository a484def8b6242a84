import { moduleOf } from '../module-routes';
import { embarquesRoutes, staffEmbarquesRoutes } from './embarques.routes';

/** Embarques: the merchant's `my-shipments` and the staff console. */
export const embarquesModule = moduleOf(embarquesRoutes, staffEmbarquesRoutes);
