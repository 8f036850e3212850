/**
 * The pages of the main layout: a menu path (or route pattern) → its lazily loaded page, collected from the features.
 * Each feature declares its pages in its own `pages.ts` (app/pageEntry.ts says how: `pages`, and `detailTabs` for the
 * tabs it adds to another feature's detail page); this file only finds and joins them, so a new area edits nothing
 * here. A menu item whose path no feature serves leads to /404.
 */
import { matchPath } from 'react-router';
import { registerDetailTabs, type FeaturePages, type PageEntry } from '../app/pageEntry';

export type { PageEntry } from '../app/pageEntry';

/** Every feature's pages.ts, by file name (a pages.ts holds plain data and lazy imports: each page stays its chunk). */
const features = import.meta.glob<FeaturePages>('./*/pages.ts', { eager: true });
const declared = Object.keys(features)
  .sort()
  .map((file) => features[file]!);

registerDetailTabs(declared.flatMap((f) => f.detailTabs ?? []));

export const pages: PageEntry[] = declared.flatMap((f) => f.pages);

/** The page that serves a pathname, if any. */
export function findPage(pathname: string): PageEntry | undefined {
  return pages.find((page) => matchPath({ path: page.path, end: true }, pathname));
}
