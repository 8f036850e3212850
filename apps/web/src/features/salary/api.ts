/**
 * Salary and attendance (薪资管理, BUSINESS.md WP6): the calls of the area. URLs live here only. The month's payroll is
 * computed (`compute`), submitted as one instance (`submitBatchApproval` with `importMonth`) and paid (`pay`); the
 * attendance of a month is imported with a dry run (`hjlAttendanceImport/importAttendance?importMonth=`); a person
 * reads their own payslips (`my`, `myDetail`); HR and finance read a record's calculation (`detail`); the statistics
 * answer `{ chart, rows }` and export to Excel. Months made stale by an earlier month's change are listed
 * (`staleMonths`) and computed again in one call (`recomputeStale`).
 */
import { attendanceFieldConfigEntity, attendanceImportEntity, salaryConfigEntity, salaryRecordEntity, userSalaryInfoEntity, type ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { download } from '../../app/download';
import { entityApi } from '../../components/CrudPage/api';
import type { Row } from '../../components/CrudPage';

const records = entityApi(salaryRecordEntity);
const fields = entityApi(attendanceFieldConfigEntity);
const attendance = entityApi(attendanceImportEntity);
const STAT = '/api/business/hjlSalaryStatistics';

export const salaryKeys = records.keys.all;
/** The lists the specs name `page` (not `list`). */
export const RECORD_LIST_URL = records.url('page');
export const LEVEL_LIST_URL = entityApi(salaryConfigEntity).url('page');
export const INFO_LIST_URL = entityApi(userSalaryInfoEntity).url('page');
export const IMPORT_URL = attendance.url('importAttendance');
export const TEMPLATE_URL = attendance.url('template');
/** Button codes of the payroll list. */
export const PAY_CODE = `${salaryRecordEntity.name}_pay`;
export const IMPORT_CODE = `${attendanceImportEntity.name}_import`;

/** One step of a record's calculation (payroll.ts PayrollResult.steps). */
export interface CalcStep {
  label: string;
  formula: string;
  value: string;
}
export interface CalcItem {
  code: string;
  name: string;
  unit?: string | null;
  kind: number;
  unitAmount: string;
  value: string;
  amount: string;
}
export interface Calculation {
  steps: CalcStep[];
  /** The labour fees that joined the month's pay as wages (BUSINESS.md §1 "Labour fee"). */
  labourFees?: { labourId: string; projectName: string | null; amount: string }[];
  items: CalcItem[];
  taxRate: string;
  quickDeduction: string;
  taxMonths: number;
}
export type SalaryRecord = Row & { calculation?: Calculation | null };

export interface AttendanceField {
  id: string;
  fieldCode: string;
  fieldName: string;
  unit?: string | null;
  payableOrDeduction: number;
}

export const computeMonth = (importMonth: string) => post<{ computed: number; skipped: number; total: number }>(records.url('compute'), { importMonth });
export const submitMonth = (importMonth: string) =>
  post<{ processInstanceId: string; recordCount: number }>(records.url('submitBatchApproval'), { importMonth });
export const submitOne = (id: string) => post(records.url('submitAudit'), { id });
/** The months of a year to be computed again (an earlier month changed), and their recomputation in one action. */
export interface StaleMonth {
  importMonth: string;
  open: number;
  locked: number;
}
export const staleMonthsQuery = (year: string) =>
  queryOptions({
    queryKey: records.keys.call('staleMonths', year),
    queryFn: ({ signal }) => get<StaleMonth[]>(records.url('staleMonths'), { year }, { signal }),
  });
export const recomputeStale = (year: string) =>
  post<{ months: { importMonth: string; computed: number }[]; computed: number }>(records.url('recomputeStale'), { year });
export const payMonth = (importMonth: string) => post<{ totalNet: string; recordCount: number }>(records.url('pay'), { importMonth });

/** A record with its calculation (HR and finance). */
export const recordQuery = (id: string | null) => records.detailQuery(id, { fresh: true });
/** One's own payslips (approved months), newest first. */
export const MY_URL = records.url('my');
export const myPayslipsQuery = (year?: string) =>
  queryOptions({
    queryKey: records.keys.call('my', year ?? ''),
    queryFn: ({ signal }) =>
      get<{ records: SalaryRecord[]; total: number; totals: { grossPay: string; netPay: string; incomeTax: string } }>(MY_URL, { size: 100, year }, { signal }),
  });
export const myPayslipQuery = (id: string | null) =>
  queryOptions({
    queryKey: records.keys.call('myDetail', id ?? ''),
    queryFn: ({ signal }) => get<SalaryRecord>(records.url('myDetail'), { id }, { signal }),
    enabled: !!id,
  });

/** The displayable attendance fields (the import's columns). */
export const displayableFieldsQuery = () =>
  queryOptions({
    queryKey: fields.keys.call('all-displayable'),
    queryFn: ({ signal }) => get<AttendanceField[]>(fields.url('all-displayable'), undefined, { signal }),
  });
/** A month's attendance, a row per person. */
export const attendanceQuery = (importMonth: string, current: number) =>
  queryOptions({
    queryKey: attendance.keys.call('page', importMonth, current),
    queryFn: ({ signal }) =>
      get<{ records: (Row & { values: Record<string, string> })[]; total: number }>(attendance.url('page'), { importMonth, current, size: 20 }, { signal }),
  });
export const attendanceKeys = attendance.keys.all;

export type StatKind = 'yearlyStatistics' | 'monthlySummary' | 'departmentSummary' | 'averageLevel';
export const statisticsQuery = (kind: StatKind, params: { year?: string; importMonth?: string }) =>
  queryOptions({
    queryKey: records.keys.call('statistics', kind, params.year ?? '', params.importMonth ?? ''),
    queryFn: () => post<{ chart: ChartData; rows: Row[] }>(`${STAT}/${kind}`, params),
  });
export const exportStatistics = (kind: StatKind, params: { year?: string; importMonth?: string }) => download(`${STAT}/export`, { kind, ...params });

/** The approver's screen of a salary month: its records with totals per department and overall. */
export interface SalaryBatch {
  records: Row[];
  deptTotals: (Row & { deptName: string; count: number })[];
  totals: { count: number; grossPay: string; socialPersonal: string; incomeTax: string; netPay: string };
}
export const batchDetailQuery = (processInstanceId: string) =>
  queryOptions({
    queryKey: records.keys.call('detailByProcessInstanceId', processInstanceId),
    queryFn: ({ signal }) => get<SalaryBatch>(records.url('detailByProcessInstanceId'), { processInstanceId }, { signal }),
  });
