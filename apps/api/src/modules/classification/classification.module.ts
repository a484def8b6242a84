import { moduleOf } from '../module-routes';
import { classificationRoutes, staffClassificationRoutes } from './classification.routes';

/** Tariff classification: the merchant's requests and the staff console. */
export const classificationModule = moduleOf(classificationRoutes, staffClassificationRoutes);
