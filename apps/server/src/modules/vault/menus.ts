/** The secrets vault's menus (密码管理, BUSINESS.md §1 hjlPassword) and what the demo roles get of them. */
import { passwordApplyEntity, passwordLogEntity, passwordVaultEntity } from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

/**
 * Finance and the leaders keep the entries; everyone may ask to use one and, approved, see it (查看密码); the reveal
 * log is the administrators' (admin holds every menu).
 */
const VAULT_KEEP = ['vault_mgmt', ...crud('password_vault'), 'password_vault_export'];
const VAULT_USE = ['vault_mgmt', ...crud('password_apply'), 'password_apply_reveal'];

export const menus: ModuleMenus = {
  top: [
    {
      // Entries kept by finance and the leaders, use requests anyone may make (查看密码 once approved), the reveal log
      // for administrators.
      code: 'vault_mgmt',
      name: '密码管理',
      path: '/process',
      source: 'SafetyOutlined',
      sort: 45,
      children: [
        menuOf(passwordVaultEntity, { sort: 1, source: 'KeyOutlined' }),
        menuOf(passwordApplyEntity, { sort: 2, source: 'LockOutlined', extra: [button('password_apply_reveal', '查看密码', 'reveal')] }),
        {
          code: passwordLogEntity.name,
          name: passwordLogEntity.label.zh,
          path: passwordLogEntity.path,
          source: 'AuditOutlined',
          sort: 3,
          buttons: [button('password_log_view', '查看', 'view')],
        },
      ],
    },
  ],
  demoGrants: {
    manager: [...VAULT_KEEP, ...VAULT_USE],
    finance: [...VAULT_KEEP, ...VAULT_USE],
    project: VAULT_USE,
    user: VAULT_USE,
    hr: VAULT_USE,
  },
};
