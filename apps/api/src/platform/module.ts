import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from './db';
import type { Clock } from './clock';
import type { AccessTokens, authGuards } from './auth';
import type { FileStore } from './files';
import type { Jobs } from './jobs';
import type { ProcessInstance } from './instance';
import type { Outbox } from './outbox';

/** What the caller of `buildApp` provides. */
export interface BaseDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

/** What every module receives: configuration and the platform services. */
export interface AppDeps extends BaseDeps {
  tokens: AccessTokens;
  guards: ReturnType<typeof authGuards>;
  /** Mail and SMS: queued in the caller's transaction, delivered after commit. */
  outbox: Outbox;
  /** Uploaded files: size and type checked while receiving, kept per organization. */
  files: FileStore;
  /** Background jobs: enqueued in the caller's transaction, run by the server's poller. */
  jobs: Jobs;
  /** This process's id and lock: work it stamps is known abandoned once the lock is free. */
  instance: ProcessInstance;
}

/** A business module: registers its routes under `/api/v1`. */
export type AppModule = FastifyPluginAsyncZod<AppDeps>;
