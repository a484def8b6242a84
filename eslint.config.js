import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Folders directly below `dir`: each web feature is one, and each is fenced in on its own. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const WEB_FEATURES = foldersOf('./apps/web/src/features/');
const API_MODULES = foldersOf('./apps/api/src/modules/');

// API zones are globs, and import-x matches a glob's exceptions against absolute paths.
const API_SRC = fileURLToPath(new URL('./apps/api/src/', import.meta.url));
const apiModule = (name) => `${API_SRC}modules/${name}`;
/** The import-x plugin, resolving TypeScript: spread into each block that uses its rules. */
const IMPORT_X = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    // The files import-x reads to follow imports (no-cycle): without it, only JavaScript.
    'import-x/extensions': ['.ts', '.tsx', '.js'],
  },
};

/**
 * One zone per API module: its `files` import of other modules only the `allowed` globs, so a
 * new module is fenced in as soon as its folder exists.
 */
const apiModuleZones = ({ files = '**', allowed, message }) =>
  API_MODULES.map((name) => ({
    target: `${apiModule(name)}/${files}`,
    from: apiModule('*/**'),
    except: [`${apiModule(name)}/**`, ...allowed],
    message,
  }));
const THROUGH_INDEX = {
  allowed: [apiModule('*/index.ts')],
  message: 'Import another module through its index.ts (its public surface).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'playwright-report/**',
      'test-results/**',
      'apps/api/src/db/migrations/**',
      // An import cycle on purpose, linted by apps/api/src/modules/boundaries.test.ts.
      'apps/api/test/fixtures/import-cycle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The composition root builds every service once (decision 020), through each domain's
    // builder (`<domain>.services.ts`, called once from services.ts): nothing else constructs
    // one, so no route or service can end up with a second ledger or set of carrier adapters.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/services.ts',
      'apps/api/src/modules/*/*.services.ts',
      '**/*.test.ts',
      '**/*.test-support.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name=/Service$/]',
          message:
            "Services are built by the composition root: modules/services.ts and each domain's <domain>.services.ts (decision 020).",
        },
      ],
    },
  },
  {
    // A service takes what HTTP delivered (a stored file, a form, bytes), never the request.
    files: ['apps/api/src/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply'],
              message: 'The route reads the request and passes what it needs (decision 020).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Web boundaries (ARCHITECTURE §2): a feature imports no other feature — what two need
    // lives in `ui/` or `lib/` — and nothing in `features/` imports the application shell.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...IMPORT_X,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature: move what both need to ui/ or lib/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the application shell (app/).',
            },
          ],
        },
      ],
    },
  },
  {
    // API boundaries (ARCHITECTURE §2). The composition root (services.ts) and the route list
    // (modules/index.ts) import what they wire; tests import what they test.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/services.ts',
      'apps/api/src/modules/index.ts',
      '**/*.test.ts',
      '**/*.test-support.ts',
    ],
    ...IMPORT_X,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiModuleZones(THROUGH_INDEX),
            // Routes take their services from the root: no other module, no queries or tables.
            ...apiModuleZones({
              files: '*.routes.ts',
              allowed: [],
              message: 'Routes import only their own module (and platform, @despacho/domain).',
            }),
            {
              target: apiModule('*/*.routes.ts'),
              from: [apiModule('*/*.repository.ts'), apiModule('*/*.tables.ts')],
              message: 'Routes call their service, never a repository or a table.',
            },
            {
              target: `${API_SRC}platform`,
              from: `${API_SRC}modules`,
              message: 'Platform holds no business rules: it imports no module.',
            },
          ],
        },
      ],
    },
  },
  {
    // The drizzle schema is every *.tables.ts together: a table may reference another module's
    // tables for its foreign keys.
    files: ['apps/api/src/modules/*/*.tables.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: apiModuleZones({
            ...THROUGH_INDEX,
            allowed: [...THROUGH_INDEX.allowed, apiModule('*/*.tables.ts')],
          }),
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts', 'packages/domain/src/**/*.ts'],
    ...IMPORT_X,
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The shared package must stay browser-safe: no Node built-ins, no server code.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@despacho/api*', 'pg', 'drizzle-orm*'] },
      ],
    },
  },
);
