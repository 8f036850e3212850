/** The branch area's menus (财务管理 / 分公司管理), what the demo roles get of them, and the branch leader's data scope. */
import {
  dividendEntity,
  filialeAccountEntity,
  filialeContractEntity,
  filialeDepositEntity,
  filialeEntity,
  filialeMgmtEntity,
  investInfoEntity,
  withdrawShareEntity,
} from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';
import { DIVIDEND_PAY_CODE, STATEMENT_CODE } from './codes.ts';

/** The folder 分公司管理 in 财务管理. */
export const BRANCH_FOLDER = 'filiale_folder';

const KINDS = [
  filialeEntity,
  filialeMgmtEntity,
  filialeDepositEntity,
  filialeContractEntity,
  filialeAccountEntity,
  dividendEntity,
  withdrawShareEntity,
  investInfoEntity,
];

/** Finance and the leaders keep everything. */
const branchAll = ['finance', BRANCH_FOLDER, ...KINDS.flatMap((d) => [...crud(d.name), `${d.name}_export`]), DIVIDEND_PAY_CODE, STATEMENT_CODE];
/**
 * A branch leader (the demo's project staff of a branch, e.g. 孙磊 of 苏州分公司) reads their branch and its records,
 * keeps its management records and applies for withdrawals; the data scope 本分公司 (below) confines it to theirs.
 * Project staff of the head office hold the same grants and see no branch (their dept is none).
 */
const branchLeader = [
  'finance',
  BRANCH_FOLDER,
  ...KINDS.flatMap((d) => [d.name, `${d.name}_view`, `${d.name}_export`]),
  ...crud(filialeMgmtEntity.name),
  ...crud(withdrawShareEntity.name),
  STATEMENT_CODE,
];

export const menus: ModuleMenus = {
  into: {
    finance: [
      {
        code: BRANCH_FOLDER,
        name: '分公司管理',
        path: '/finance/filiale',
        source: 'ApartmentOutlined',
        sort: 20,
        children: [
          menuOf(filialeEntity, { name: '分公司列表', sort: 1, source: 'ApartmentOutlined' }),
          menuOf(filialeMgmtEntity, { sort: 2, source: 'AuditOutlined' }),
          menuOf(filialeDepositEntity, { sort: 3, source: 'SafetyCertificateOutlined' }),
          menuOf(filialeContractEntity, { sort: 4, source: 'FileTextOutlined' }),
          menuOf(filialeAccountEntity, { sort: 5, source: 'BankOutlined' }),
          menuOf(dividendEntity, { sort: 6, source: 'PayCircleOutlined', extra: [button(DIVIDEND_PAY_CODE, '发放', 'pay')] }),
          menuOf(withdrawShareEntity, { sort: 7, source: 'TransactionOutlined' }),
          menuOf(investInfoEntity, { sort: 8, source: 'FundOutlined' }),
          { code: STATEMENT_CODE, name: '分公司收支', path: '/finance/hjlFilialeStatement', source: 'BarChartOutlined', sort: 9 },
        ],
      },
    ],
  },
  demoGrants: { manager: branchAll, finance: branchAll, project: branchLeader },
  dataScopes: [
    {
      menu: filialeEntity.name,
      scopeName: '本分公司',
      scopeType: 4,
      scopeField: '*',
      scopeColumn: 'dept_id',
      remark: '分公司负责人只看本人所在机构(及其下级)的分公司及其记录',
    },
  ],
  demoScopeGrants: [['project', filialeEntity.name, '本分公司']],
};
