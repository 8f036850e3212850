/** The user list's menu (用户管理) in 系统管理, and its data scope. */
import { userEntity } from '@hjl/core';
import { button, menuOf, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  into: {
    system: [
      menuOf(userEntity, {
        sort: 1,
        source: 'UserOutlined',
        extra: [
          button('user_role', '角色配置', 'role', 0),
          button('user_reset', '密码重置', 'reset-password', 0),
          button('user_unlock', '账号解封', 'unlock', 0),
          button('user_platform', '平台配置', 'platform', 0),
          button('user_dimission', '离职', 'dimission'),
          button('user_sync', '同步', 'sync', 0),
          button('user_import', '导入', 'import', 0),
          button('user_export', '导出', 'export', 0),
          button('user_approve', '注册审核', 'approve', 0),
        ],
      }),
    ],
  },
  dataScopes: [{ menu: 'user', scopeName: '本部门及下级', scopeType: 4, scopeField: '*', scopeColumn: 'dept_id', remark: '只看本部门及下级部门的用户' }],
};
