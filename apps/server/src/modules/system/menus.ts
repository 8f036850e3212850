/**
 * The system folders: 系统管理 (the menus and parameters here; users, the organisation, dictionaries and tenants put
 * theirs in it from their modules) and 权限管理 (roles, data and API scopes), and what the demo roles get of them.
 */
import { menuEntity, paramEntity, roleEntity } from '@hjl/core';
import { button, crudButtons, menuOf, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  top: [
    {
      code: 'system',
      name: '系统管理',
      path: '/system',
      source: 'SettingOutlined',
      sort: 90,
      children: [menuOf(menuEntity, { sort: 6, source: 'MenuOutlined' }), menuOf(paramEntity, { sort: 10, source: 'ProfileOutlined' })],
    },
    {
      code: 'authority',
      name: '权限管理',
      path: '/authority',
      source: 'SafetyOutlined',
      sort: 91,
      children: [
        menuOf(roleEntity, { sort: 1, source: 'UsergroupAddOutlined', extra: [button('role_grant', '权限设置', 'grant', 0)] }),
        {
          code: 'data_scope',
          name: '数据权限',
          path: '/authority/datascope',
          source: 'DatabaseOutlined',
          sort: 2,
          buttons: [button('data_scope_setting', '权限配置', 'setting'), ...crudButtons('data_scope')],
        },
        {
          code: 'api_scope',
          name: '接口权限',
          path: '/authority/apiscope',
          source: 'ApiOutlined',
          sort: 3,
          buttons: [button('api_scope_setting', '权限配置', 'setting'), ...crudButtons('api_scope')],
        },
        // Why can this user see that, and 以此身份查看 (system/explain.ts, view-as.ts): the administrator's alone.
        {
          code: 'access_explain',
          name: '权限解释',
          path: '/authority/explain',
          source: 'AuditOutlined',
          sort: 4,
          buttons: [button('access_explain_view_as', '以此身份查看', 'view_as', 0)],
        },
      ],
    },
  ],
  // The leaders read the parameters.
  demoGrants: { manager: ['system', 'param', 'param_view'] },
};
