/** The tenants' menus in 系统管理: tenants, tenant packages and the OAuth clients. */
import { clientEntity, tenantEntity } from '@hjl/core';
import { button, crudButtons, menuOf, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  into: {
    system: [
      menuOf(tenantEntity, {
        sort: 11,
        source: 'TeamOutlined',
        extra: [
          button('tenant_setting', '授权配置', 'setting', 0),
          button('tenant_datasource', '数据源配置', 'datasource', 0),
          button('tenant_package_setting', '产品包配置', 'package', 0),
        ],
      }),
      // The tenant package table has no separate view button (spec 2 section 2).
      {
        code: 'tenant_package',
        name: '租户产品包',
        path: '/system/tenantpackage',
        source: 'GiftOutlined',
        sort: 12,
        buttons: crudButtons('tenant_package').filter((b) => b.alias !== 'view'),
      },
      menuOf(clientEntity, { sort: 13, source: 'KeyOutlined' }),
    ],
  },
};
