import type { ChildProcess, StdioOptions } from 'node:child_process';

export const root: string;

export interface ThrowawayApp {
  url: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(graceMs?: number): Promise<void>;
  isStopping(): boolean;
}

export function startThrowawayApp(options: {
  port: number;
  name: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): ThrowawayApp;

export function waitForHealth(app: ThrowawayApp, timeoutMs?: number): Promise<void>;
