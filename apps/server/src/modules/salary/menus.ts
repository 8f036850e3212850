/** The salary and attendance menus (薪资管理, BUSINESS.md WP6 salary) and what the demo roles get of them. */
import { attendanceFieldConfigEntity, attendanceImportEntity, salaryConfigEntity, salaryRecordEntity, userSalaryInfoEntity } from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

/**
 * HR keeps the levels, standards, attendance fields and imports, computes and submits the months; finance reads the
 * payroll and pays a month (发放, into the ledger); the leaders read the payroll and the statistics; everyone has their
 * own payslips (工资条, their approved records only). Approving a month goes through the process 工资审批 (人事 → 财务
 * → 总经理), not through these codes.
 */
const SALARY_MENUS = ['salary_record', 'attendance_field_config', 'user_salary_info', 'salary_config'];
const salaryAll = [
  'wages_mgmt',
  ...SALARY_MENUS.flatMap(crud),
  'salary_record_export',
  'user_salary_info_export',
  'attendance_import',
  'attendance_import_import',
  'salary_payslip',
  'salary_statistics',
];
const salaryFinance = [
  'wages_mgmt',
  'salary_record',
  'salary_record_view',
  'salary_record_export',
  'salary_record_pay',
  'user_salary_info',
  'user_salary_info_view',
  'salary_payslip',
  'salary_statistics',
];
const salaryLeader = [
  'wages_mgmt',
  'salary_record',
  'salary_record_view',
  'salary_record_export',
  'user_salary_info',
  'user_salary_info_view',
  'salary_payslip',
  'salary_statistics',
];
const salarySelf = ['wages_mgmt', 'salary_payslip'];

export const menus: ModuleMenus = {
  top: [
    {
      // The month's payroll (核算, 提交审批 one or the month, 发放 into the ledger), the attendance import, the attendance
      // fields, each person's standard, the salary levels, one's own payslips (工资条) and the statistics (modules/salary).
      code: 'wages_mgmt',
      name: '薪资管理',
      path: '/wages',
      source: 'WalletOutlined',
      sort: 42,
      children: [
        menuOf(salaryRecordEntity, { sort: 1, source: 'CalculatorOutlined', extra: [button(`${salaryRecordEntity.name}_pay`, '发放', 'pay', 0)] }),
        {
          code: attendanceImportEntity.name,
          name: attendanceImportEntity.label.zh,
          path: attendanceImportEntity.path,
          source: 'CloudUploadOutlined',
          sort: 2,
          buttons: [button(`${attendanceImportEntity.name}_import`, '导入', 'import', 0)],
        },
        menuOf(attendanceFieldConfigEntity, { sort: 3, source: 'SettingOutlined' }),
        menuOf(userSalaryInfoEntity, { sort: 4, source: 'MoneyCollectOutlined' }),
        menuOf(salaryConfigEntity, { sort: 5, source: 'TagsOutlined' }),
        { code: 'salary_payslip', name: '我的工资条', path: '/finance/wages_Details', source: 'PayCircleOutlined', sort: 6 },
        { code: 'salary_statistics', name: '薪资统计', path: '/finance/wages/statistics', source: 'BarChartOutlined', sort: 7 },
      ],
    },
  ],
  demoGrants: { manager: salaryLeader, finance: salaryFinance, project: salarySelf, user: salarySelf, hr: salaryAll },
};
