// `npm run staff:create -- --email <correo> [--name <nombre>] [--last-name <apellido>]
// [--password-file <ruta>]` creates a platform staff account in the app's database (the one a
// running `npm start` uses, DATABASE_URL, or the embedded data directory). Production seeds no
// staff, so this is how the first one exists. The password is typed twice without echo, or read
// from the first line of a file or of standard input; there is never a default.
import { errorMessage, localizeIssues } from '@despacho/domain';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseConfig, toolConfig } from './config';
import { buildServices } from './modules/services';
import { createStaffAccount, staffAccountSchema } from './modules/staff/staff-accounts';
import { systemClock } from './platform/clock';
import { AppError } from './platform/errors';
import { silentLogger } from './platform/logger';
import { readSecretLine, promptHidden } from './platform/terminal';
import { withToolDatabase } from './platform/tool-database';

const USAGE =
  'Uso: npm run staff:create -- --email <correo> [--name <nombre>] [--last-name <apellido>] ' +
  '[--password-file <ruta>]';

async function readPassword(file: string | undefined): Promise<string> {
  if (file) return readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
  if (!process.stdin.isTTY) return readSecretLine(process.stdin);
  const first = await promptHidden('Contraseña: ');
  const second = await promptHidden('Repite la contraseña: ');
  if (first !== second) throw new Error('Las contraseñas no coinciden.');
  return first;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string', default: 'Staff' },
      'last-name': { type: 'string', default: 'Despacho' },
      'password-file': { type: 'string' },
    },
  });
  if (!values.email) {
    console.error(USAGE);
    return 2;
  }
  const parsed = staffAccountSchema.safeParse({
    email: values.email,
    name: values.name,
    last_name: values['last-name'],
    password: await readPassword(values['password-file']),
  });
  if (!parsed.success) {
    for (const [field, message] of Object.entries(localizeIssues(parsed.error.issues, 'es'))) {
      console.error(`${field}: ${message}`);
    }
    return 2;
  }
  return withToolDatabase(parseConfig(), async (db) => {
    try {
      const services = buildServices({
        config: toolConfig(),
        db,
        clock: systemClock,
        log: silentLogger,
      });
      const user = await createStaffAccount(services, parsed.data);
      console.log(`Cuenta de staff creada: ${user.email}`);
      return 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      console.error(errorMessage(error.code, 'es'));
      return 1;
    }
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
