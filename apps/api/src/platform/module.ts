import type { Config } from '../config';
import type { Db } from './db';
import type { Clock } from './clock';

/** What the caller of `buildApp` provides; the app builds everything else from it. */
export interface BaseDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Where the app's log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}
