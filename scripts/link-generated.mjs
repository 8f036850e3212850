#!/usr/bin/env node
// Lists the generated modules of the checkout (apps/server/src/modules/generated/<name>/index.ts and menus.ts) in
// apps/server/src/modules/generated/index.ts and menus.ts, so that the files 代码生成 emits work when dropped in with
// no hand edits (docs/codegen.md). Writes a file only when its list changed. Run by npm start, the server build and
// npm test.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'apps/server/src/modules/generated');

const header = (what) => `/**
 * The generated modules' ${what} of this checkout (modules/generated/<name>), listed by scripts/link-generated.mjs —
 * run by \`npm start\`, the server build and \`npm test\` — so that the files 代码生成 emits work when dropped in,
 * with no hand edits (docs/codegen.md). Do not edit: the script rewrites this file.
 */
`;

function write(file, text) {
  const target = path.join(dir, file);
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) fs.writeFileSync(target, text);
}

export function linkGenerated() {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[a-z][a-zA-Z0-9]*$/.test(e.name) && fs.existsSync(path.join(dir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();
  const withMenus = names.filter((n) => fs.existsSync(path.join(dir, n, 'menus.ts')));
  write(
    'index.ts',
    `${header('registrations')}${names.map((n) => `import { module as ${n} } from './${n}/index.ts';\n`).join('')}import type { GeneratedModule } from './types.ts';

export const generatedModules: GeneratedModule[] = [${names.join(', ')}];
`,
  );
  write(
    'menus.ts',
    `${header('menus')}${withMenus.map((n) => `import { menus as ${n} } from './${n}/menus.ts';\n`).join('')}import type { ModuleMenus } from '../../platform/menus.ts';

export const generatedMenus: ModuleMenus[] = [${withMenus.join(', ')}];
`,
  );
  return names;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`generated modules: ${linkGenerated().join(', ') || 'none'}`);
