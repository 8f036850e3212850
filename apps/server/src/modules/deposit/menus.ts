/** The guarantee-money menus (保证金, BUSINESS.md WP5), in finance's folder 财务管理, and what the demo roles get of them. */
import { DEPOSIT_CODES, depositEntity, depositRefundEntity } from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

/**
 * Finance and the leaders keep every deposit: pay, refund (one or several at once), replace, return bidders'
 * deposits, the outstanding report. Project staff apply for deposits and refunds of the projects they work on (the
 * project data scope narrows deposits as their parent's, refunds as their deposit's).
 */
const all = [
  ...crud(depositEntity.name),
  `${depositEntity.name}_export`,
  DEPOSIT_CODES.replace,
  DEPOSIT_CODES.returnAttract,
  ...crud(depositRefundEntity.name),
  `${depositRefundEntity.name}_export`,
  DEPOSIT_CODES.outstanding,
];
const staff = [...crud(depositEntity.name), ...crud(depositRefundEntity.name)];

export const menus: ModuleMenus = {
  into: {
    finance: [
      menuOf(depositEntity, {
        sort: 20,
        source: 'SafetyCertificateOutlined',
        extra: [button(DEPOSIT_CODES.replace, '替换', 'replace'), button(DEPOSIT_CODES.returnAttract, '退还投标人', 'return')],
      }),
      menuOf(depositRefundEntity, { sort: 21, source: 'RollbackOutlined' }),
      { code: DEPOSIT_CODES.outstanding, name: '未退保证金', path: `${depositEntity.path}/outstanding`, source: 'FieldTimeOutlined', sort: 22 },
    ],
  },
  demoGrants: { manager: all, finance: all, project: staff },
};
