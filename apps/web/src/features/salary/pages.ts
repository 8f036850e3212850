/** Salary and attendance (薪资管理, BUSINESS.md WP6 salary): the configuration lists; the payroll, import, payslips and statistics. */
import { attendanceFieldConfigEntity, attendanceImportEntity, salaryConfigEntity, salaryRecordEntity, userSalaryInfoEntity } from '@hjl/core';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(salaryConfigEntity, () => import('./SalaryPages').then((m) => ({ default: m.SalaryLevelPage }))),
  entityPage(userSalaryInfoEntity, () => import('./SalaryPages').then((m) => ({ default: m.SalaryInfoPage }))),
  entityPage(attendanceFieldConfigEntity, () => import('./SalaryPages').then((m) => ({ default: m.AttendanceFieldPage }))),
  entityPage(salaryRecordEntity, () => import('./SalaryPages').then((m) => ({ default: m.PayrollPage }))),
  {
    path: attendanceImportEntity.path,
    component: lazyPage(() => import('./SalaryPages').then((m) => ({ default: m.AttendancePage }))),
    title: attendanceImportEntity.label,
  },
  {
    path: '/finance/wages_calculationDetail',
    component: lazyPage(() => import('./SalaryPages').then((m) => ({ default: m.CalculationDetailPage }))),
    title: { zh: '工资核算明细', en: 'Payroll calculation' },
    open: true,
  },
  {
    path: '/finance/wages_Details',
    component: lazyPage(() => import('./SalaryPages').then((m) => ({ default: m.PayslipPage }))),
    title: { zh: '我的工资条', en: 'My payslips' },
  },
  {
    path: '/finance/wages/statistics',
    component: lazyPage(() => import('./SalaryPages').then((m) => ({ default: m.SalaryStatisticsPage }))),
    title: { zh: '薪资统计', en: 'Salary statistics' },
  },
];
