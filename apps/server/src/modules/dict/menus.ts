/** The dictionaries' menus in 系统管理: the system and the business dictionaries. */
import { dictBizEntity, dictEntity } from '@hjl/core';
import { menuOf, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  into: {
    system: [menuOf(dictEntity, { sort: 4, source: 'BookOutlined' }), menuOf(dictBizEntity, { sort: 5, source: 'ReadOutlined' })],
  },
};
