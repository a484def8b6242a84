import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from './db';
import type { Clock } from './clock';

/** What every module receives: configuration and the platform services. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

/** A business module: registers its routes under `/api/v1`. */
export type AppModule = FastifyPluginAsyncZod<AppDeps>;
