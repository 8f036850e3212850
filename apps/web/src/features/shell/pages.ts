/** The shell's own pages in the main layout (S2 L33-35, S1 L30): open to every signed-in user. The dictionary pages of S2 L36-37 are the system feature's. */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/template', component: lazyPage(() => import('./TemplatePage')), title: { zh: '页面模板', en: 'Page templates' }, open: true },
  { path: '/auth', component: lazyPage(() => import('./AuthPage')), title: { zh: '授权信息', en: 'Authorisation' }, open: true },
  { path: '/test/index', component: lazyPage(() => import('./TestPage')), title: { zh: '测试页', en: 'Test page' }, open: true },
];
