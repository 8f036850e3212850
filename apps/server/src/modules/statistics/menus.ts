/**
 * 大数据中心 (S2 L23): the data cockpit's menu entry. It opens /dataCockpit in a new browser tab (isOpen 2); each of
 * its charts shows what the caller's permission codes and data scope allow, so every demo role is granted it.
 */
import type { ModuleMenus } from '../../platform/menus.ts';

export const COCKPIT_CODE = 'data_cockpit';

export const menus: ModuleMenus = {
  top: [{ code: COCKPIT_CODE, name: '大数据中心', path: '/dataCockpit', source: 'DashboardOutlined', sort: 2, isOpen: 2 }],
  demoGrants: { manager: [COCKPIT_CODE], finance: [COCKPIT_CODE], project: [COCKPIT_CODE], user: [COCKPIT_CODE], hr: [COCKPIT_CODE] },
};
