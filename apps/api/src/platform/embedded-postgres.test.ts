import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('embedded-postgres module', () => {
  it('keeps the exit code a process set (a failed test run must not exit 0)', () => {
    const module = path.join(import.meta.dirname, 'embedded-postgres.ts');
    const script = `await import(${JSON.stringify(module)}); process.exitCode = 3;`;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
