/**
 * Salary and attendance (薪资管理, BUSINESS.md §1 "Salary" and §3 WP6), on the definitions of
 * packages/core/src/entities/salary.ts and the rule of packages/core/src/payroll.ts, one file per record kind:
 * - configuration: salary levels (levels.ts), each person's standard (infos.ts), attendance fields (attendance-fields.ts);
 * - attendance import with its dry run (attendance.ts);
 * - the month's computation (compute.ts) and the records on the approval kit (records.ts);
 * - payslips: each person their own approved records (payslips.ts); paying a month (pay.ts); statistics (statistics.ts).
 * What the files share (the module context, the month rule and lock) is in context.ts.
 */
import { registerAttendanceFields } from './attendance-fields.ts';
import { registerAttendance } from './attendance.ts';
import type { SalaryModuleContext } from './context.ts';
import { registerSalaryInfos } from './infos.ts';
import { registerSalaryLevels } from './levels.ts';
import { registerSalaryPay } from './pay.ts';
import { registerPayslips } from './payslips.ts';
import { registerSalaryRecords } from './records.ts';
import { registerSalaryStatistics } from './statistics.ts';

export type { SalaryModuleContext } from './context.ts';

export function registerSalary(ctx: SalaryModuleContext) {
  registerSalaryLevels(ctx);
  registerSalaryInfos(ctx);
  registerAttendanceFields(ctx);
  registerAttendance(ctx);
  const records = registerSalaryRecords(ctx);
  registerPayslips(ctx, records.repo);
  registerSalaryPay(ctx);
  registerSalaryStatistics(ctx);
}
