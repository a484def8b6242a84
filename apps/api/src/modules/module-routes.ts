import type { AppModule } from './services';

/**
 * A domain's route plugins as the one module `modules/index.ts` lists: each registered in
 * order, with the app's services, in a context of its own as when each was listed apart.
 */
export const moduleOf =
  (...plugins: AppModule[]): AppModule =>
  async (app, services) => {
    for (const plugin of plugins) await app.register(plugin, services);
  };
