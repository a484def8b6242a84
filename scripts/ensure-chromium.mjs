// Makes sure Debian's Chromium is at /usr/bin/chromium before the Playwright specs run.
// Playwright never downloads a browser here (the machine reaches no browser CDN): as root we
// install the distribution package with apt; otherwise we say what to install and stop.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `No se encontró Chromium en ${CHROMIUM}; las pruebas e2e lo necesitan.\n` +
      `Chromium not found at ${CHROMIUM}; the e2e tests need it. Install it with:\n\n` +
      '    sudo apt-get install -y chromium\n',
  );
  process.exit(1);
}

console.log(`Chromium not found at ${CHROMIUM}: installing Debian's package with apt-get…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.error || result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (${result.error?.message ?? result.status}).`);
    process.exit(1);
  }
}

const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
if (!existsSync(CHROMIUM) || version.status !== 0) {
  console.error(`apt-get finished but ${CHROMIUM} does not run: ${version.stderr ?? ''}`);
  process.exit(1);
}
console.log(`Installed ${version.stdout.trim()}`);
