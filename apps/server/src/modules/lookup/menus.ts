/** The lookup databases' menus (数据库: 价格库, 人才库, 专家库 …) and what the demo roles get of them. */
import { LOOKUP_MENU } from '@hjl/core';
import type { ModuleMenus } from '../../platform/menus.ts';

/** Every member of staff reads every lookup; the import (数据导入) is the administrators' (admin holds every menu). */
const LOOKUP_READ = [
  LOOKUP_MENU.folder,
  LOOKUP_MENU.price,
  LOOKUP_MENU.talent,
  LOOKUP_MENU.expert,
  LOOKUP_MENU.material,
  LOOKUP_MENU.knowledge,
  LOOKUP_MENU.enterprise,
];

export const menus: ModuleMenus = {
  top: [
    {
      code: LOOKUP_MENU.folder,
      name: '数据库',
      path: '/databaseData',
      source: 'DatabaseOutlined',
      sort: 46,
      children: [
        { code: LOOKUP_MENU.price, name: '价格库', path: '/databaseData/price', source: 'LineChartOutlined', sort: 1 },
        { code: LOOKUP_MENU.talent, name: '人才库', path: '/databaseData/talent', source: 'TeamOutlined', sort: 2 },
        // S2 L52 names this page's path.
        { code: LOOKUP_MENU.expert, name: '专家库', path: '/databaseData/expert', source: 'CrownOutlined', sort: 3 },
        { code: LOOKUP_MENU.material, name: '材料库', path: '/databaseData/material', source: 'AppstoreOutlined', sort: 4 },
        { code: LOOKUP_MENU.knowledge, name: '知识库', path: '/databaseData/knowledge', source: 'ReadOutlined', sort: 5 },
        { code: LOOKUP_MENU.enterprise, name: '企业库', path: '/databaseData/enterprise', source: 'BankOutlined', sort: 6 },
        { code: LOOKUP_MENU.import, name: '数据导入', path: '/databaseData/import', source: 'ImportOutlined', sort: 7 },
      ],
    },
  ],
  demoGrants: { manager: LOOKUP_READ, finance: LOOKUP_READ, project: LOOKUP_READ, user: LOOKUP_READ, hr: LOOKUP_READ },
};
