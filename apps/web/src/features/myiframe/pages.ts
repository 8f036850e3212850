/** External pages embedded in the layout (a menu's link shown in a frame). */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/myiframe/*', component: lazyPage(() => import('./IframePage')), title: { zh: '外部页面', en: 'Embedded page' }, open: true },
];
