/**
 * Declared once (docs/entities.md: a record kind is one definition, the rest derives from it): every entity definition
 * that serves routes has its page, derived from the definition (entityPage); every menu the server seeds leads to a
 * page. The server's side (apps/server, menuOf) checks that each definition has its menu entry.
 */
import * as core from '@hjl/core';
import type { EntityDef } from '@hjl/core';
import { describe, expect, it } from 'vitest';
// The menu tree the server seeds (plain data, no imports): the menus a user can be granted.
import { menuSeed, type MenuSeed } from '../../../server/src/seed/menus';
import en from '../app/locales/en';
import { detailTabsOf } from '../app/pageEntry';
import { findPage, pages } from './registry';

const isEntity = (v: unknown): v is EntityDef =>
  typeof v === 'object' && v !== null && 'api' in v && 'path' in v && 'routes' in v && 'fields' in v && Array.isArray((v as EntityDef).routes);

const defs: EntityDef[] = [...new Set(Object.values(core as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [v]).filter(isEntity)))];
/**
 * The page of a definition: at its path, or below it for one reached from a row (a form's versions: `<path>/:id`),
 * or — for a record kept under a parent (`parent`, e.g. a project's tasks and reviews) — its parent's page, whose
 * detail shows it as a tab (the server's menus.test.ts takes such a definition as buttons of the parent's menu).
 */
const pageOf = (d: EntityDef): ReturnType<typeof findPage> => {
  const own = findPage(d.path) ?? pages.find((p) => p.path.startsWith(`${d.path}/:`));
  if (own || !d.parent) return own;
  const parent = defs.find((x) => x.name === d.parent!.entity);
  return parent && parent !== d ? pageOf(parent) : undefined;
};

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

/**
 * Menus seeded before their page exists, each with the work that brings it. A page that arrives must leave
 * this list (the last test fails until it does); a new menu without a page fails the test above it.
 */
const PAGE_TO_COME: Record<string, string> = {};

const allMenus = (ms: readonly MenuSeed[]): MenuSeed[] => ms.flatMap((m) => [m, ...allMenus(m.children ?? [])]);
/** The menus that open a page of the layout: not a folder of others, not a link opened outside (isOpen 2). */
const pageMenus = allMenus(menuSeed).filter((m): m is MenuSeed & { path: string } => !!m.path && !m.children?.length && m.isOpen !== 2);

describe('the menu tree', () => {
  it('seeds pages to check (the check below is not vacuous)', () => {
    expect(pageMenus.length).toBeGreaterThan(40);
  });

  it('has a page in the registry for every menu path', () => {
    const missing = pageMenus.filter((m) => !findPage(m.path) && !(m.path in PAGE_TO_COME)).map((m) => `${m.code} (${m.path})`);
    expect(missing).toEqual([]);
  });

  it('names every menu in English: by its code in the English menu table, else by its page’s English title', () => {
    // What the sidebar shows in English (app/layout/menus.ts useMenuName); a folder has no page to fall back on.
    const names = en.menu as Record<string, string>;
    const unnamed = allMenus(menuSeed)
      .filter((m) => !names[m.code] && !(m.path && findPage(m.path)?.title?.en))
      .map((m) => `${m.code} (${m.name})`);
    expect(unnamed).toEqual([]);
  });

  it('lists as still to come only menus that have no page yet', () => {
    expect(Object.keys(PAGE_TO_COME).filter((path) => findPage(path))).toEqual([]);
    expect(Object.keys(PAGE_TO_COME).filter((path) => !pageMenus.some((m) => m.path === path))).toEqual([]);
  });
});

describe('the approval drawer at start', () => {
  it("knows the forms' drawer views once the page registry has loaded, before any workflow page (付款详情 of a claim from 我的报销)", async () => {
    const { approvalViewOf } = await import('../components/ApprovalDrawer');
    expect(pages.length).toBeGreaterThan(0);
    expect(approvalViewOf(core.FINANCE_PROCESS.applyExpense.processKey)).toMatchObject({ approvalTab: 'payment' });
    expect(approvalViewOf(core.FINANCE_PROCESS.applyPayment.processKey)).toMatchObject({ approvalTab: 'payment' });
  });
});

describe('the tabs features add to detail pages', () => {
  it('give the customer its contracts, projects, collections and invoices, and the project its money and archives, in that order', () => {
    expect(pages.length).toBeGreaterThan(0);
    expect(detailTabsOf('customer').map((t) => t.key)).toEqual(['contract', 'project', 'collect', 'invoice']);
    expect(detailTabsOf('project').map((t) => t.key)).toEqual(['invoice', 'collect', 'labour', 'settlement', 'expense', 'money', 'archive']);
  });
});
