/** The workbench (工作台), open to every logged-in user. */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/wel/index', component: lazyPage(() => import('./WelcomePage')), title: { zh: '工作台', en: 'Workbench' }, open: true },
];
