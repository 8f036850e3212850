/**
 * The generated modules' registrations of this checkout (modules/generated/<name>), listed by scripts/link-generated.mjs —
 * run by `npm start`, the server build and `npm test` — so that the files 代码生成 emits work when dropped in,
 * with no hand edits (docs/codegen.md). Do not edit: the script rewrites this file.
 */
import type { GeneratedModule } from './types.ts';

export const generatedModules: GeneratedModule[] = [];
