import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly under `dir` (server modules, web features). */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

const serverModules = foldersOf('./apps/server/src/modules/');
const webFeatures = foldersOf('./apps/web/src/features/');

/**
 * Who may import whom (docs/architecture.md):
 * - a server module imports another module only through that module's `api.ts` (its tables, services and
 *   routes stay its own); the platform imports no module; the assembly (app.ts, main.ts) imports a module's
 *   index.ts (its registration) and api.ts only;
 * - a web feature imports no other feature (shared pieces live in components/ or app/); components import no
 *   feature.
 * Tests, seed/ and testing/ may reach further (they set up data).
 */
const boundaryZones = [
  ...serverModules.flatMap((a) =>
    serverModules
      .filter((b) => b !== a)
      .map((b) => ({
        target: `./apps/server/src/modules/${a}`,
        from: `./apps/server/src/modules/${b}`,
        except: ['./api.ts'],
        message: `modules/${a} uses modules/${b} only through modules/${b}/api.ts`,
      })),
  ),
  { target: './apps/server/src/platform', from: './apps/server/src/modules', message: 'the platform imports no module' },
  // The server's assembly registers each module through its index.ts and uses nothing else of it but its api.ts.
  ...serverModules.map((b) => ({
    target: ['./apps/server/src/app.ts', './apps/server/src/main.ts'],
    from: `./apps/server/src/modules/${b}`,
    except: ['./index.ts', './api.ts'],
    message: `the server's assembly uses modules/${b} only through its index.ts (registration) and api.ts`,
  })),
  ...webFeatures.flatMap((a) =>
    webFeatures
      .filter((b) => b !== a)
      .map((b) => ({
        target: `./apps/web/src/features/${a}`,
        from: `./apps/web/src/features/${b}`,
        message: `features/${a} does not import features/${b}: move what both need to components/ or app/`,
      })),
  ),
  { target: './apps/web/src/components', from: './apps/web/src/features', message: 'components/ import no feature' },
];

/**
 * Server module files that still hold a function over 150 lines (blank lines and comments not counted). Split
 * the function and take its file off the list; never add one.
 */
const functionLengthAllowList = [
  'auth/index.ts',
  'dict/dict-data.ts',
  'org/dept.ts',
  'org/region.ts',
  'resource/upload.ts',
  'system/menu.ts',
  'system/role.ts',
  'tenant/index.ts',
  'user/admin.ts',
  'user/excel.ts',
  'workflow/design-model.ts',
  'workflow/engine/compile.ts',
].map((f) => `apps/server/src/modules/${f}`);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', 'bench/results/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // No non-null assertions in the server (docs/entities.md "Typed rows"): a value that may be missing is narrowed — the module's
    // Chinese 404/400 when the caller named it, `firstRow` (platform/db/rows.ts) when a statement always answers
    // one, `columnOf`/`repo.column` for a column named at run time. Tests, test support and the demo seed (set
    // up data, not served) are exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**', '**/test-support.ts', 'apps/server/src/seed/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // No function over 150 lines in the server's modules (docs/architecture.md "Size"): a longer one is two things,
    // most often a registration closure holding several record kinds. The files listed in
    // `functionLengthAllowList` still hold one; the list only shrinks.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support.ts', ...functionLengthAllowList],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // Tests and their support read loosely typed JSON answers.
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', 'e2e/**', 'apps/server/src/testing/**', 'apps/web/src/test/**', '**/test-support.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/core/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Import cycles are refused: a module graph that only runs in one order is a trap.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests, seeding and test support set up data across modules.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/seed/**', 'apps/server/src/testing/**', '**/test-support.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The page registry (features/registry.ts, where the features meet) loads pages lazily — `import()` — and imports
    // nothing of a feature statically: what it needs of one (route paths, the tab type of detail pages, the process
    // forms) lives in app/ or components/ (docs/architecture.md).
    files: ['apps/web/src/features/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\./[^/]+/', message: 'The page registry imports a feature only lazily (import()): move what it needs to app/ or components/.' },
          ],
        },
      ],
    },
  },
  {
    // The web's one data seam (docs/architecture.md "Web"): URLs, fetchers and query options live in an api.ts (a feature's, a
    // component's, or app/ itself); components call those. Query keys come from app/queryKeys.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/api.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/app/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: "An API URL belongs in an api.ts (the feature's or the component's): call its fetchers and query options.",
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: "An API URL belongs in an api.ts (the feature's or the component's): call its fetchers and query options.",
        },
        {
          selector: 'TemplateLiteral > MemberExpression[property.name="api"]',
          message: "A URL under a definition's api belongs in an api.ts (entityApi(def).url(name) or a fetcher there).",
        },
        {
          selector: 'Property[key.name="queryKey"] > ArrayExpression',
          message: 'Query keys come from app/queryKeys.ts (through the api.ts query options), never written in place.',
        },
      ],
    },
  },
);
