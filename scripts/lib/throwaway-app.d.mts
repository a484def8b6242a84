import type { ChildProcess, StdioOptions } from 'node:child_process';

export const root: string;

export interface ThrowawayApp {
  url: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the app's whole process tree (the API, PostgreSQL, its backends); resolves once none runs. */
  kill(timeoutMs?: number): Promise<void>;
  isStopping(): boolean;
}

export function startThrowawayApp(options: {
  port: number;
  name: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
  /** Kept when the app stops: the caller owns it (to restart on the same data). */
  dataDir?: string;
}): ThrowawayApp;

export function waitForHealth(app: ThrowawayApp, timeoutMs?: number): Promise<void>;
