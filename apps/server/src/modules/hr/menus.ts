/** The people menus (人事管理) and the office approvals (行政审批), and what the demo roles get of them. */
import {
  assetEntity,
  auditCarEntity,
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditGoOutEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
  socialSecurityEntity,
  staffFileEntity,
  userCertificateEntity,
  userEducationEntity,
  userHomeInfoEntity,
  userOuterEntity,
  userSocialSecurityEntity,
  userWorkHisEntity,
  workContractEntity,
} from '@hjl/core';
import { button, crud, menuOf, type DemoRole, type ModuleMenus } from '../../platform/menus.ts';

/**
 * HR (the role 人事专员, held besides 普通员工 by the HR officer) keeps every staff file and record; leaders read them
 * all; every other employee keeps their own contact details, family and education (data scope 本人档案, see
 * demoScopeGrants) and sees nothing else of the area.
 */
const HR_RECORDS = [
  'staff_file',
  'user_education',
  'user_work_his',
  'user_home_info',
  'user_certificate',
  'work_contract',
  'user_social_security',
  'social_security',
  'user_outer',
  'asset',
];
const hrAll = [
  'hr_mgmt',
  ...HR_RECORDS.flatMap((c) => [...crud(c), `${c}_export`]),
  'user_certificate_share',
  'user_certificate_cancel_share',
  'staff_file_my',
  'hr_report',
];
const hrLeader = ['hr_mgmt', ...HR_RECORDS.flatMap((c) => [c, `${c}_view`, `${c}_export`]), 'staff_file_my', 'hr_report'];
/** Self-service: one's own file (contact fields only), family and education. */
const hrSelf = ['hr_mgmt', 'staff_file', 'staff_file_edit', 'staff_file_view', 'staff_file_my', ...crud('user_education'), ...crud('user_home_info')];

/**
 * Office approvals: everyone applies (出差, 外出, 用车, 采购 with their lines) and sees their own; a department manager
 * sees their departments'; HR and the leaders see all (office_audit_all). Approvals go through the processes
 * (部门经理 → 人事 / 财务), not through these codes.
 */
const OFFICE_MENUS = ['audit_evection', 'audit_evection_info', 'audit_go_out', 'audit_car', 'audit_shopping', 'audit_shopping_info'];
const officeApply = ['office_audit', ...OFFICE_MENUS.flatMap(crud)];
const officeAll = [...officeApply, 'office_audit_all'];

/** Self-service of the people area: 本人档案 (a staff member's own records) and 全部档案 (HR, besides the former). */
export const HR_SELF_SERVICE_MENUS = ['staff_file', 'user_education', 'user_home_info'];

export const menus: ModuleMenus = {
  top: [
    {
      // Staff files with their records (education, work history, family, certificates shared for bids, labour
      // contracts, social security), social-security schemes, outside persons and assets.
      code: 'hr_mgmt',
      name: '人事管理',
      path: '/hr',
      source: 'SolutionOutlined',
      sort: 40,
      children: [
        menuOf(staffFileEntity, { sort: 1, source: 'IdcardOutlined' }),
        menuOf(userEducationEntity, { sort: 2, source: 'ReadOutlined' }),
        menuOf(userWorkHisEntity, { sort: 3, source: 'ContainerOutlined' }),
        menuOf(userHomeInfoEntity, { sort: 4, source: 'HomeOutlined' }),
        menuOf(userCertificateEntity, {
          sort: 5,
          source: 'SafetyCertificateOutlined',
          extra: [button('user_certificate_share', '共享', 'share'), button('user_certificate_cancel_share', '取消共享', 'cancelShare')],
        }),
        menuOf(workContractEntity, { sort: 6, source: 'FileDoneOutlined' }),
        menuOf(userSocialSecurityEntity, { sort: 7, source: 'AccountBookOutlined' }),
        menuOf(socialSecurityEntity, { sort: 8, source: 'SettingOutlined' }),
        menuOf(userOuterEntity, { sort: 9, source: 'UsergroupAddOutlined' }),
        menuOf(assetEntity, { sort: 10, source: 'DatabaseOutlined' }),
        // A staff member's own file (self-service) and the people statistics.
        { code: 'staff_file_my', name: '我的档案', path: '/hr/myFile', source: 'ProfileOutlined', sort: 11 },
        { code: 'hr_report', name: '人事统计', path: '/hr/report', source: 'PieChartOutlined', sort: 12 },
      ],
    },
    {
      // Office approvals (S2 L69): 出差 with its lines, 外出, 用车, 采购 with its lines, each through its demo process;
      // button 查看全部 (office_audit_all) lets HR and the leaders see every one (modules/hr/office.ts).
      code: 'office_audit',
      name: '行政审批',
      path: '/office',
      source: 'AuditOutlined',
      sort: 41,
      buttons: [button('office_audit_all', '查看全部申请', 'all', 0)],
      children: [
        menuOf(auditEvectionEntity, { sort: 1, source: 'EnvironmentOutlined' }),
        menuOf(auditEvectionInfoEntity, { sort: 2, source: 'UnorderedListOutlined' }),
        menuOf(auditGoOutEntity, { sort: 3, source: 'SendOutlined' }),
        menuOf(auditCarEntity, { sort: 4, source: 'CarOutlined' }),
        menuOf(auditShoppingEntity, { sort: 5, source: 'ShoppingOutlined' }),
        menuOf(auditShoppingInfoEntity, { sort: 6, source: 'ProfileOutlined' }),
      ],
    },
  ],
  demoGrants: {
    manager: [...hrLeader, ...officeAll],
    finance: [...hrSelf, ...officeApply],
    project: [...hrSelf, ...officeApply],
    user: [...hrSelf, ...officeApply],
    hr: [...hrAll, ...officeAll],
  },
  dataScopes: HR_SELF_SERVICE_MENUS.flatMap((menu) => [
    { menu, scopeName: '本人档案', scopeType: 2, scopeField: '*', scopeColumn: 'user_id', remark: '只看本人的档案信息' },
    { menu, scopeName: '全部档案', scopeType: 1, scopeField: '*', scopeColumn: 'user_id', remark: '人事部门查看全部员工的档案信息' },
  ]),
  demoScopeGrants: HR_SELF_SERVICE_MENUS.flatMap((menu): [DemoRole, string, string][] => [
    ['user', menu, '本人档案'],
    ['project', menu, '本人档案'],
    ['finance', menu, '本人档案'],
    ['hr', menu, '全部档案'],
  ]),
};
