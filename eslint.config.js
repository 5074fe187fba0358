// ESLint flat config: typescript-eslint's recommended rules, React's hook rules for the mini app, and the import
// boundaries of /work/shared/ARCHITECTURE.md §1. Formatting is Prettier's job (`npm run lint` runs both).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./webapp/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may import whom (ARCHITECTURE.md §1). scripts/ and tests/ may import anything. */
const boundaries = [
  {
    target: './webapp',
    from: ['./api', './db', './platform', './bot', './scripts', './tests'],
    message: 'The mini app shares only contracts/ with the server.',
  },
  {
    target: './db',
    from: ['./api', './bot', './webapp', './scripts', './tests'],
    message: 'db/ is the domain: it may import contracts/ and platform/ only.',
  },
  {
    target: './platform',
    from: ['./api', './db', './bot', './webapp', './scripts', './tests'],
    message: 'platform/ is what the domain runs on (logger, metrics, PostgreSQL, the job runner): it may import contracts/ only.',
  },
  {
    target: './api',
    from: ['./bot', './webapp', './scripts', './tests'],
    message: 'api/ may import db/, platform/, contracts/ and its own folders only.',
  },
  {
    target: './contracts',
    from: ['./api', './db', './platform', './bot', './webapp', './scripts', './tests'],
    message: 'Contracts are shared by every layer: zod and other contracts only.',
  },
  { target: './bot', from: ['./webapp', './scripts', './tests'], message: 'bot/ may import db/, api/, platform/ and contracts/ only.' },
  // One-way: shared UI and libraries never reach up into features or the app shell.
  {
    target: ['./webapp/components', './webapp/lib'],
    from: ['./webapp/features', './webapp/app'],
    message: 'Shared code must not depend on features or the app shell.',
  },
  // A feature has no public entry: features meet in webapp/app (the route table); shared pieces live in webapp/components or webapp/lib.
  ...features.map((feature) => ({
    target: `./webapp/features/${feature}`,
    from: './webapp/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared piece to webapp/components or webapp/lib, or meet in webapp/app.',
  })),
];

/** Tables with events derived from flushes (db/events/orm-events.ts), and their entities. */
const eventTables = 'users|moderation_items';
const eventEntities = 'User|ModerationItem';
const entityOnly = 'is written through its entity and a flush, so its events are raised (db/events/orm-events.ts).';
const entityOnlyWrites = [
  {
    selector: `CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/][arguments.0.value=/^(${eventTables})\\b/]`,
    message: `Typed SQL must not write this table: it ${entityOnly}`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(native(Insert|Update|Delete)|insert(Many)?|upsert(Many)?|createQueryBuilder|qb)$/][arguments.0.name=/^(${eventEntities})$/]`,
    message: `No native write or query builder for this entity: it ${entityOnly}`,
  },
  ...['TemplateElement[value.raw', 'Literal[value'].map((node) => ({
    selector: `${node}=/(insert\\s+into|update|delete\\s+from|merge\\s+into)\\s+"?(${eventTables})\\b/i]`,
    message: `No hand-written SQL writes this table: it ${entityOnly}`,
  })),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', 'test-results/', 'docs/', 'webapp/public/', 'db/migrations/Migration*.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.mts', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // Size limits of STYLE.md, as warnings: a long file or function is a prompt to split, not a broken build.
      'max-lines': ['warn', { max: 250, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['webapp/**/*.{ts,tsx}', 'tests/webapp/**/*.{ts,tsx}', 'tests/support/webapp-*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/refs': 'error',
      'react-hooks/set-state-in-effect': 'error',
    },
  },
  {
    // One way to write (STYLE.md "Data"): the tables whose writes raise events are written through their entities,
    // so the flush raises 'user.changed' and the moderation events (db/events/flush-events.ts). Tests and scripts
    // arrange rows directly.
    files: ['db/**/*.ts', 'platform/**/*.ts', 'api/**/*.ts', 'bot/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...entityOnlyWrites] },
  },
  {
    // A test's describe block is one long function by nature.
    files: ['tests/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Build tooling, not part of the mini app's bundle.
    files: ['webapp/vite.config.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
