import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's features: each may use the shared layers, never another feature. */
const FEATURES = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's modules: each may use the shared kernel (src/server outside modules/), never another module. */
const MODULES = fs
  .readdirSync('src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's kernel (db, http, auth, audit, cache, events, ...): everything in src/server outside
 * modules/ but the composition, app.ts and plugins/services.ts with the files it is split into
 * (plugins/services-*.ts), which alone may import any module.
 */
const KERNEL = [
  ...fs.readdirSync('src/server').filter((entry) => !['modules', 'plugins', 'app.ts'].includes(entry)),
  ...fs
    .readdirSync('src/server/plugins')
    .filter((entry) => !/^services(-[a-z-]+)?\.ts$/.test(entry))
    .map((entry) => `plugins/${entry}`),
].map((entry) => `./src/server/${entry}`);

/**
 * Boundaries (docs/decisions/008), checked on resolved paths: a feature never imports another
 * feature; the shared web layers never import a feature; the web app never imports the server;
 * the server imports the web app only for the page renderer's types; the domain imports neither;
 * a server module never imports another module, and the server kernel imports none.
 */
const BOUNDARIES = [
  ...FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: `A feature does not import another feature: move what ${feature} needs into components/, lib/ or api/.`,
  })),
  {
    target: ['./src/web/components', './src/web/lib', './src/web/api'],
    from: './src/web/features',
    message: 'The shared layers of the web app do not import a feature.',
  },
  { target: './src/web', from: './src/server', message: 'The web app never imports the server.' },
  {
    target: './src/server',
    from: './src/web',
    except: ['./entry-server.tsx'],
    message: "The server imports the web app only for the page renderer's types (entry-server.tsx).",
  },
  { target: './src/domain', from: ['./src/web', './src/server'], message: 'The domain is pure.' },
  // Server modules (issue 30): a module imports its own files and the kernel; what it needs of another
  // module is an interface it declares, passed in at composition (plugins/services.ts), or an event.
  ...MODULES.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [`./${module}`],
    message: `A server module does not import another module: declare what ${module} needs as an interface and pass it in plugins/services.ts, or move the shared part into the kernel (src/server outside modules/).`,
  })),
  {
    target: KERNEL,
    from: './src/server/modules',
    message: 'The server kernel does not import a module: only app.ts and plugins/services*.ts compose them.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench/lighthouse'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }] },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its rejection (an unhandled rejection ends the
    // process), and an async function handed to a callback that expects void is never awaited either.
    // tsconfig.json includes every .ts/.tsx file linted here; the .js/.mjs files are linted without types.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // attributes off: React's onClick={async () => ...} is the usual, deliberate pattern there.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          // Pages are painted before the app runs: a form submitted natively must never put its
          // fields in a URL (docs/decisions/007).
          selector:
            "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value='post']))",
          message: 'A <form> must be method="post" (docs/decisions/007).',
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'The domain is pure.' }] },
      ],
    },
  },
);
