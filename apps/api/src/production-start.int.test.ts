import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, startThrowawayApp, waitForHealth } from '../../../scripts/lib/throwaway-app.mjs';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';
import { freePort } from './platform/embedded-postgres';

// The product as an operator starts it in production: `main.ts` with NODE_ENV=production and
// the required secrets, on its own embedded PostgreSQL.
let app: ReturnType<typeof startThrowawayApp>;
let banner = '';
beforeAll(async () => {
  app = startThrowawayApp({
    port: await freePort(),
    name: 'production',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: 'produccion-secreto-de-prueba-de-32-caracteres-o-mas',
      SPEI_WEBHOOK_SECRET: 'spei-secreto-de-prueba-de-32-caracteres-o-mas',
      CARRIER_WEBHOOK_SECRET: 'paqueteria-secreto-de-prueba-de-32-caracteres',
      STORES_ENCRYPTION_KEY: 'cHJvZHVjY2lvbi1jbGF2ZS1kZS0zMi1ieXRlcy1hcXU=',
    },
  });
  app.child.stdout!.on('data', (chunk: Buffer) => (banner += chunk.toString()));
  await waitForHealth(app);
}, 120_000);
afterAll(() => app?.stop());

const login = (email: string, password: string) =>
  fetch(`${app.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** `npm run staff:create` against the running app's database, the password on stdin. */
function staffCreate(args: string[], password: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/staff-create.ts'), ...args],
    { cwd: root, env: { ...process.env, DATA_DIR: app.dataDir, NODE_ENV: 'production' } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(`${password}\n`);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe('npm start in production', () => {
  it('creates no demo account: no demo login works and the banner shows no password', async () => {
    for (const demo of DEMO_LOGINS) {
      const response = await login(demo.email, demo.password);
      expect(response.status, demo.email).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'INVALID_CREDENTIALS',
      );
    }
    expect(banner).toContain('npm run staff:create');
    expect(banner).not.toContain(DEMO_PASSWORD);
  });

  it('has no dev mailbox', async () => {
    const response = await fetch(`${app.url}/api/v1/dev/mailbox`);
    expect(response.status).toBe(404);
  });

  it('makes the first staff account only through staff:create, with the password given', async () => {
    const weak = await staffCreate(['--email', 'operaciones@despacho.mx'], 'corta');
    expect(weak.code).toBe(2);
    expect(weak.output).toMatch(/contraseña/i);
    expect((await login('operaciones@despacho.mx', 'corta')).status).toBe(401);

    const made = await staffCreate(['--email', 'Operaciones@Despacho.mx'], 'Fuerte#2026x');
    expect(made.output).toContain('operaciones@despacho.mx');
    expect(made.code).toBe(0);
    const signedIn = await login('operaciones@despacho.mx', 'Fuerte#2026x');
    expect(signedIn.status).toBe(200);
    expect(
      ((await signedIn.json()) as { data: { user: { is_staff: boolean } } }).data.user.is_staff,
    ).toBe(true);

    const again = await staffCreate(['--email', 'operaciones@despacho.mx'], 'Otra#2026xy');
    expect(again.code).toBe(1);
    expect(again.output).toContain('Ya existe una cuenta con este correo.');
  });
});
