/**
 * How a feature declares its pages (features/<feature>/pages.ts, collected by features/registry.ts): the pages of the
 * main layout it serves, and the tabs it adds to another feature's detail page. A pages.ts holds plain data and lazy
 * `import()`s only, so that each page stays a chunk of its own.
 */
import type { EntityDef, Label } from '@hjl/core';
import { createElement, type ComponentType } from 'react';
import type { RelatedTab } from '../components/RelatedTab';
import { lazyPage, type LazyPage, type PageModule } from './lazyPage';

export interface PageEntry {
  /** Route pattern (react-router syntax, e.g. `/project/detail/:id`). */
  path: string;
  /** The page, loaded when first shown or ahead (`component.preload()`, app/layout/preload.ts). */
  component: LazyPage;
  /** Tab label when the menu does not name the page. */
  title?: Label;
  /**
   * Open to every logged-in user (the workbench, the profile, detail pages reached from a list). Any other
   * page is a menu's and opens only for users granted that menu; the rest see 403.
   */
  open?: boolean;
}

/** The detail pages other features add tabs to (`detailPage`, `DetailTab`). */
export type DetailHost = 'customer' | 'project';

/** A tab a feature adds to another's detail page: its list confined to the record, placed by `order` (ascending). */
export interface DetailTab {
  host: DetailHost;
  order: number;
  tab: RelatedTab;
}

/** What a feature's pages.ts exports. */
export interface FeaturePages {
  pages: PageEntry[];
  detailTabs?: DetailTab[];
}

/**
 * The page of an entity definition, derived from it: its list path (`def.path`) and title (`def.label`), and
 * the page module — by default CrudPage on the definition, so a plain record needs no page file of its own.
 * A page with more (controls, row actions, a tree beside the list) passes its module.
 */
export function entityPage(def: EntityDef, load?: () => Promise<PageModule>): PageEntry {
  const page = load ?? (() => import('../components/CrudPage').then(({ CrudPage }) => ({ default: () => createElement(CrudPage, { def }) })));
  return { path: def.path, component: lazyPage(page), title: def.label };
}

const tabsByHost = new Map<DetailHost, DetailTab[]>();

/** Takes the features' tabs of detail pages (the page registry, as it loads, before any page is shown). */
export function registerDetailTabs(tabs: readonly DetailTab[]): void {
  for (const t of tabs)
    tabsByHost.set(
      t.host,
      [...(tabsByHost.get(t.host) ?? []), t].sort((a, b) => a.order - b.order),
    );
}

/** The tabs features add to the detail page `host`, in order. */
export const detailTabsOf = (host: DetailHost): RelatedTab[] => (tabsByHost.get(host) ?? []).map((t) => t.tab);

/** A detail page given the tabs other features add to `host`, read as the page's module loads. */
export function detailPage(host: DetailHost, load: () => Promise<{ default: ComponentType<{ related?: readonly RelatedTab[] }> }>): LazyPage {
  return lazyPage(() =>
    load().then(({ default: Page }) => {
      const related = detailTabsOf(host);
      return { default: () => createElement(Page, { related }) };
    }),
  );
}
