/**
 * A tab another area adds to a record's detail page (a customer's contracts and projects, a project's invoices and
 * collections): that area's list confined to the record by `fixed`, loaded with the tab. An area declares its tabs
 * in its `pages.ts` (`detailTabs`), the page registry (features/registry.ts) collects them; the detail page shows
 * those the user may see.
 */
import type { Label } from '@hjl/core';
import type { ComponentType } from 'react';

export interface RelatedTab {
  key: string;
  label: Label;
  /** What the user must hold to see it: the area's list menu (the server's `view` check of its list). */
  code: string;
  List: ComponentType<{ fixed: Record<string, string> }>;
}
