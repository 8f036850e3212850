/** The organisation's menus in 系统管理: departments, posts, top menus and regions. */
import { deptEntity, postEntity, regionEntity, topmenuEntity } from '@hjl/core';
import { button, menuOf, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  into: {
    system: [
      menuOf(deptEntity, { sort: 2, source: 'ApartmentOutlined' }),
      menuOf(postEntity, { sort: 3, source: 'IdcardOutlined' }),
      menuOf(topmenuEntity, { sort: 7, source: 'AppstoreOutlined', extra: [button('topmenu_setting', '菜单配置', 'setting')] }),
      menuOf(regionEntity, {
        sort: 14,
        source: 'GlobalOutlined',
        extra: [button('region_import', '导入', 'import', 0), button('region_export', '导出', 'export', 0)],
      }),
    ],
  },
};
