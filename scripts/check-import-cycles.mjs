#!/usr/bin/env node
/**
 * Refuses a runtime import cycle in the source (part of `npm run lint`, docs/architecture.md "Who may import
 * whom"). eslint's `import-x/no-cycle` does not follow `export { x } from '…'`, so two modules that reach each
 * other through a re-export pass it; this check reads every static edge that survives compilation:
 * `import … from`, `import '…'` and `export … from`, except those that are type-only (`import type`,
 * `export type`, or every specifier marked `type` — with verbatimModuleSyntax an `import { type A }` still loads
 * the module, so it counts). Dynamic `import()` is left out: it runs after both modules are loaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sourceRoots = ['packages/core/src', 'apps/server/src', 'apps/web/src', 'e2e', 'bench'];
const skip = new Set(['node_modules', 'dist', 'results', 'screenshots']);

function sourcesUnder(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourcesUnder(full, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The workspace packages by name (`@hjl/core` → its entry file), for imports across packages. */
const packageEntries = new Map([['@hjl/core', path.join(root, 'packages/core/src/index.ts')]]);

function resolve(from, spec) {
  if (packageEntries.has(spec)) return packageEntries.get(spec);
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The modules `file` loads when it is loaded, with the line of each edge. */
function runtimeEdges(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges = [];
  for (const node of source.statements) {
    let spec;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      spec = node.moduleSpecifier.text;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (node.isTypeOnly) continue;
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      // `export { type A } from` is erased whole (unlike an import, an export with no names left loads nothing).
      if (named && named.length > 0 && named.every((e) => e.isTypeOnly)) continue;
      spec = node.moduleSpecifier.text;
    } else continue;
    const target = resolve(file, spec);
    if (target) edges.push({ target, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  }
  return edges;
}

const files = sourceRoots.flatMap((r) => sourcesUnder(path.join(root, r)));
const graph = new Map(files.map((f) => [f, runtimeEdges(f)]));

// Tarjan's strongly connected components: every component of more than one module (or a module importing
// itself) is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const { target } of graph.get(v) ?? []) {
    if (!graph.has(target)) continue;
    const t = state.get(target);
    if (!t) {
      connect(target);
      state.get(v).low = Math.min(state.get(v).low, state.get(target).low);
    } else if (t.onStack) state.get(v).low = Math.min(state.get(v).low, t.index);
  }
  const s = state.get(v);
  if (s.low === s.index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    const selfLoop = (graph.get(v) ?? []).some((e) => e.target === v);
    if (component.length > 1 || selfLoop) cycles.push(component);
  }
}
for (const f of files) if (!state.has(f)) connect(f);

if (cycles.length) {
  const rel = (f) => path.relative(root, f);
  console.error(`runtime import cycles: ${cycles.length}`);
  for (const component of cycles) {
    const members = new Set(component);
    console.error(`- ${component.map(rel).sort().join(' ↔ ')}`);
    for (const f of component) for (const e of graph.get(f) ?? []) if (members.has(e.target)) console.error(`    ${rel(f)}:${e.line} loads ${rel(e.target)}`);
  }
  process.exit(1);
}
console.log(`no runtime import cycle (${files.length} files)`);
