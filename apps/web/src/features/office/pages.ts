/** The office approvals (行政审批): 出差, 外出, 用车, 采购 and the lines of trips and purchases. */
import { auditEvectionEntity, auditShoppingEntity, officeEntities } from '@hjl/core';
import type { PageModule } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

/** Pages of their own (the forms with lines), by definition name; the others derive from their definitions. */
const OWN_PAGES: Record<string, (() => Promise<PageModule>) | undefined> = {
  [auditEvectionEntity.name]: () => import('./Pages').then((m) => ({ default: m.EvectionPage })),
  [auditShoppingEntity.name]: () => import('./Pages').then((m) => ({ default: m.ShoppingPage })),
};

export const pages: PageEntry[] = officeEntities.map((def) => entityPage(def, OWN_PAGES[def.name]));
