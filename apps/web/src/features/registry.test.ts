/**
 * Declared once (issue 13): every entity definition that serves routes has its page, derived from the
 * definition (entityPage). The server's side (apps/server, menuOf) checks that each has its menu entry.
 */
import * as core from '@hjl/core';
import type { EntityDef } from '@hjl/core';
import { describe, expect, it } from 'vitest';
import { findPage, pages } from './registry';

const isEntity = (v: unknown): v is EntityDef =>
  typeof v === 'object' && v !== null && 'api' in v && 'path' in v && 'routes' in v && 'fields' in v && Array.isArray((v as EntityDef).routes);

const defs: EntityDef[] = [...new Set(Object.values(core as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [v]).filter(isEntity)))];
/** The page of a definition: at its path, or below it for one reached from a row (a form's versions: `<path>/:id`). */
const pageOf = (d: EntityDef) => findPage(d.path) ?? pages.find((p) => p.path.startsWith(`${d.path}/:`));

describe('the page registry', () => {
  it('finds entity definitions in @hjl/core (the check below is not vacuous)', () => {
    expect(defs.length).toBeGreaterThan(20);
  });

  it('has a page for every definition with routes, titled by its label', () => {
    const served = defs.filter((d) => d.routes.length > 0);
    expect(served.filter((d) => !pageOf(d)).map((d) => `${d.name} (${d.path})`)).toEqual([]);
    for (const d of served.filter((d) => findPage(d.path))) expect(findPage(d.path)!.title, d.name).toEqual(d.label);
  });

  it('serves each path once', () => {
    const paths = pages.map((p) => p.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
