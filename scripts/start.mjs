// `npm start`: builds the web app when its sources are newer than the build, then runs the
// API, which serves the SPA, on the embedded PostgreSQL unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'apps/web')),
  newestMtime(path.join(root, 'packages/domain/src')),
);
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Construyendo la aplicación web…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Its own process group: Ctrl-C in the terminal reaches only this script, not the embedded
// PostgreSQL the API starts in its group, which would stop at once under the API's open
// connections. The signal is passed on and the API stops in order (jobs, lock, pool, database);
// then we leave with its code.
const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: { WEB_DIST: path.join(root, 'apps/web/dist'), ...process.env },
  detached: true,
});
process.on('SIGINT', () => api.kill('SIGINT'));
// A closed terminal stops it as SIGTERM does.
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => api.kill('SIGTERM'));
api.on('exit', (code) => process.exit(code ?? 0));
