/**
 * Declared once (docs/entities.md: a record kind is one definition, the rest derives from it): every entity
 * definition that serves routes has its menu entry (its code is the permission prefix the routes check, its path the
 * page's). The web's side (apps/web/src/features/registry.test.ts) checks that each has its page.
 */
import * as core from '@hjl/core';
import type { EntityDef } from '@hjl/core';
import { describe, expect, it } from 'vitest';
import { expectEvery } from '../testing/expect.ts';
import { menuOf } from '../platform/menus.ts';
import { menuSeed, type MenuSeed } from './menus.ts';

const isEntity = (v: unknown): v is EntityDef =>
  typeof v === 'object' && v !== null && 'api' in v && 'path' in v && 'routes' in v && 'fields' in v && Array.isArray((v as EntityDef).routes);
const defs: EntityDef[] = [...new Set(Object.values(core as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [v]).filter(isEntity)))];

const entries: MenuSeed[] = [];
const walk = (list: MenuSeed[]) =>
  list.forEach((m) => {
    entries.push(m);
    walk(m.children ?? []);
  });
walk(menuSeed);
const buttonCodes = new Set(entries.flatMap((m) => (m.buttons ?? []).map((b) => b.code)));

describe('menus derive from the definitions', () => {
  it('every definition with routes has a menu entry at its path, or is a button of one (a form’s versions)', () => {
    const served = defs.filter((d) => d.routes.length > 0);
    expect(served.length).toBeGreaterThan(20);
    const missing = served.filter((d) => {
      const menu = entries.find((m) => m.code === d.name);
      return menu ? menu.path !== d.path : !buttonCodes.has(d.name);
    });
    expect(missing.map((d) => `${d.name} (${d.path})`)).toEqual([]);
  });

  it('menuOf takes code, name and path from the definition and gives the list buttons, 导出 for an exportable one', () => {
    const m = menuOf(core.customerEntity, {
      name: '客户列表',
      sort: 1,
      source: 'TeamOutlined',
      extra: [{ code: 'customer_import', name: '导入', action: 0, alias: 'import' }],
    });
    expect(m).toMatchObject({ code: 'customer', name: '客户列表', path: '/marketing/hjlCustomer', sort: 1 });
    expect(m.buttons?.map((b) => b.code)).toEqual(['customer_add', 'customer_edit', 'customer_delete', 'customer_view', 'customer_import', 'customer_export']);
    expect(menuOf(core.paramEntity, { sort: 1, source: 'x' }).buttons?.map((b) => b.alias)).toEqual(['add', 'edit', 'delete', 'view']);
    expect(menuOf(core.paramEntity, { sort: 1, source: 'x' }).name).toBe(core.paramEntity.label.zh);
  });

  it('button codes are unique and carry their menu’s code as prefix', () => {
    const all = entries.flatMap((m) => (m.buttons ?? []).map((b) => ({ menu: m.code, code: b.code })));
    expect(all.filter((b, i) => all.findIndex((x) => x.code === b.code) !== i)).toEqual([]);
    expectEvery(all, (b) => b.code.startsWith(`${b.menu}_`));
  });
});
