/** One's own profile (个人信息), open to every logged-in user. */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/info/index', component: lazyPage(() => import('./ProfilePage')), title: { zh: '个人信息', en: 'Profile' }, open: true },
];
