import type { AppModule } from '../platform/module';
import { healthRoutes } from './health/health.routes';

/** Every business module, registered under /api/v1 in this order. */
export const modules: AppModule[] = [healthRoutes];
