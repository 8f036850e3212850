/** The dashboard in the layout (/wel/dashboard); the full-screen cockpit /dataCockpit is a route of its own (app/router.tsx). */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/wel/dashboard', component: lazyPage(() => import('./DashboardPage')), title: { zh: '仪表盘', en: 'Dashboard' }, open: true },
];
