import { approvalProcess } from '../approval-processes.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { money, remark } from '../field-presets.ts';
import { SPECIAL_DEDUCTION_MSG } from '../special-deduction.ts';

/**
 * Salary and attendance (薪资管理, BUSINESS.md §1 "Salary" and §3 WP6): salary levels (`hjlSalaryConfig`),
 * each person's salary standard (`hjlUserSalaryInfo`), the attendance fields (`attendance-field-config`: shown in the
 * import, payable or deduction, unit amount), a month's attendance per person (`hjlAttendanceImport`), the salary
 * record per person and month (`hjlSalaryRecord`, approved one at a time or a month at a time through the approval
 * kit's batch) and the payment of a month (one ledger row). The rule itself is payroll.ts.
 */

/** Messages of the salary rules (BUSINESS.md WP6; *proposed* where the specs are silent). */
export const SALARY_MSG = {
  monthMissing: '请选择月份',
  monthFormat: '月份格式应为yyyy-MM',
  monthApproved: '该月工资已审批,不能重新导入',
  recordExists: '该员工该月的工资记录已存在',
  infoExists: '该员工的薪资标准已存在',
  levelMissing: '薪资等级不存在',
  noInfo: '该员工未设置薪资标准',
  noRecords: '该月没有可提交的工资记录',
  notApproved: '该月还有未审批通过的工资记录,不能发放',
  paid: '该月工资已发放',
  noAttendance: '该月尚未导入考勤',
  valueFormat: '考勤数值应为不小于0的数字,最多两位小数',
  levelInUse: '薪资等级已被员工使用,不能删除',
  socialBaseRange: '社保缴费基数应在社保方案的上下限之间',
  stale: '该月工资需要重新核算(较早月份的工资已变动),请先重新核算',
  noStale: '没有需要重新核算的工资记录',
  liabilityMissing: '请选择要缴纳的代扣代缴款项',
  liabilityCleared: '所选款项已缴纳',
} as const;

/** A month as yyyy-MM. */
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

const amount = (zh: string, en: string, more: Partial<FieldDef> = {}): FieldDef => money({ zh, en }, { list: true, width: 110, ...more });
/** A figure the server computes: shown, never written by a client. */
const computed = (zh: string, en: string, list = true): FieldDef => money({ zh, en }, { list, form: false, width: 110 });
const userIdField = {
  type: 'id',
  label: { zh: '员工', en: 'Staff' },
  required: '请选择员工',
  list: true,
  search: true,
  ref: 'user',
  display: 'userName',
  width: 100,
} as const satisfies FieldDef;
const monthField = {
  type: 'string',
  max: 7,
  label: { zh: '月份', en: 'Month' },
  required: SALARY_MSG.monthMissing,
  pattern: { regex: MONTH_RE, message: SALARY_MSG.monthFormat },
  list: true,
  search: true,
  sortable: true,
  width: 90,
} as const satisfies FieldDef;

export const salaryConfigEntity = defineEntity({
  name: 'salary_config',
  table: 'hjl_salary_config',
  api: '/api/business/hjlSalaryConfig',
  path: '/finance/wages/salaryConfig',
  label: { zh: '薪资等级配置', en: 'Salary levels' },
  routes: ['page', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    levelCode: {
      type: 'string',
      max: 32,
      label: { zh: '等级编码', en: 'Code' },
      required: '请输入等级编码',
      unique: '等级编码已存在',
      list: true,
      search: true,
      width: 100,
    },
    levelName: {
      type: 'string',
      max: 64,
      label: { zh: '等级名称', en: 'Level' },
      required: '请输入等级名称',
      unique: '等级名称已存在',
      list: true,
      search: true,
      width: 140,
    },
    basePay: amount('基本工资', 'Base pay', { required: '请输入基本工资' }),
    postPay: amount('岗位工资', 'Post pay'),
    performancePay: amount('绩效工资', 'Performance pay'),
    allowance: amount('津贴补贴', 'Allowances'),
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, range: { min: 0, max: 9999 }, default: 0, list: true, sortable: true, width: 70 },
    remark: remark(),
  },
});

export const userSalaryInfoEntity = defineEntity({
  name: 'user_salary_info',
  table: 'hjl_user_salary_info',
  api: '/api/business/hjlUserSalaryInfo',
  path: '/finance/wages/userSalaryInfo',
  label: { zh: '薪资标准', en: 'Salary standards' },
  routes: ['page', 'detail', 'submit', 'remove'],
  exportable: true,
  dialogWidth: 820,
  fields: {
    userId: userIdField,
    salaryStandard: {
      type: 'id',
      label: { zh: '薪资等级', en: 'Level' },
      required: '请选择薪资等级',
      list: true,
      filterable: true,
      ref: 'salary_config',
      display: 'salaryStandardName',
      width: 120,
    },
    basePay: amount('基本工资', 'Base pay', { required: '请输入基本工资' }),
    postPay: amount('岗位工资', 'Post pay'),
    performancePay: amount('绩效工资', 'Performance pay'),
    allowance: amount('津贴补贴', 'Allowances'),
    socialSchemeId: {
      type: 'id',
      label: { zh: '社保方案', en: 'Scheme' },
      list: true,
      ref: 'social_security',
      display: 'socialSchemeName',
      width: 140,
    },
    socialBase: amount('社保缴费基数', 'Social base'),
    // Special additional deductions itemised (special-deduction.ts; BUSINESS.md §1 "Salary"): never one free amount.
    childrenCount: { type: 'int', label: { zh: '子女教育(子女人数)', en: 'Children in education' }, range: { min: 0, max: 9 }, default: 0 },
    infantCount: { type: 'int', label: { zh: '3岁以下婴幼儿照护(人数)', en: 'Infants under 3' }, range: { min: 0, max: 9 }, default: 0 },
    degreeEducation: { type: 'int', label: { zh: '学历继续教育', en: 'Degree education' }, range: { min: 0, max: 1 }, default: 0 },
    certificateMonth: {
      type: 'string',
      max: 7,
      label: { zh: '职业资格证书取得月份', en: 'Certificate month' },
      pattern: { regex: MONTH_RE, message: SPECIAL_DEDUCTION_MSG.certificateMonth },
    },
    housingLoan: { type: 'int', label: { zh: '住房贷款利息', en: 'Housing loan' }, range: { min: 0, max: 1 }, default: 0 },
    housingRent: { type: 'int', label: { zh: '住房租金(城市类别)', en: 'Housing rent' }, range: { min: 0, max: 3 }, default: 0 },
    elderlySupport: { type: 'int', label: { zh: '赡养老人', en: 'Elderly support' }, range: { min: 0, max: 2 }, default: 0 },
    elderlyShare: money({ zh: '赡养老人分摊额(月)', en: 'Elderly share (month)' }),
    seriousIllness: money({ zh: '大病医疗(年,汇算清缴时扣除)', en: 'Serious illness (year)' }),
    /** The regular monthly total of the items (the certificate's 3,600 comes in its month only): the server's. */
    specialDeduction: computed('专项附加扣除(月)', 'Special deductions (month)'),
    remark: remark(),
  },
});

/** An attendance field's effect on pay (see payroll.ts ATTENDANCE_KIND). */
export const ATTENDANCE_KIND_OPTIONS = [
  { key: 0, zh: '不计薪', en: 'None' },
  { key: 1, zh: '应发', en: 'Payable' },
  { key: 2, zh: '扣款', en: 'Deduction' },
] as const;

export const attendanceFieldConfigEntity = defineEntity({
  name: 'attendance_field_config',
  table: 'hjl_attendance_field_config',
  api: '/api/business/attendance-field-config',
  path: '/finance/wages/attendanceField',
  label: { zh: '考勤字段配置', en: 'Attendance fields' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    fieldCode: {
      type: 'string',
      max: 32,
      label: { zh: '字段编码', en: 'Code' },
      required: '请输入字段编码',
      pattern: { regex: /^[a-zA-Z][a-zA-Z0-9_]*$/, message: '字段编码只能包含字母、数字和下划线,且以字母开头' },
      unique: '字段编码已存在',
      list: true,
      width: 110,
    },
    fieldName: {
      type: 'string',
      max: 32,
      label: { zh: '字段名称', en: 'Name' },
      required: '请输入字段名称',
      unique: '字段名称已存在',
      list: true,
      search: true,
      width: 120,
    },
    unit: { type: 'string', max: 8, label: { zh: '单位', en: 'Unit' }, list: true, width: 70 },
    displayable: { type: 'int', label: { zh: '导入显示', en: 'Displayed' }, range: { min: 0, max: 1 }, default: 1, list: true, filterable: true, width: 90 },
    payableOrDeduction: {
      type: 'int',
      label: { zh: '计薪方式', en: 'Effect' },
      range: { min: 0, max: 2 },
      default: 0,
      list: true,
      filterable: true,
      width: 90,
    },
    unitAmount: amount('单价(元)', 'Unit amount'),
    maxValue: amount('最大值', 'Max value', { width: 90 }),
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, range: { min: 0, max: 9999 }, default: 0, list: true, sortable: true, width: 70 },
    remark: remark(),
  },
});

/** A month's attendance of one person (the import's rows): values by field code, as decimal texts. */
export const attendanceImportEntity = defineEntity({
  name: 'attendance_import',
  table: 'hjl_attendance_import',
  api: '/api/business/hjlAttendanceImport',
  path: '/finance/wages/attendance',
  label: { zh: '考勤导入', en: 'Attendance' },
  // importAttendance, the template and the month's list are the salary module's own routes.
  routes: [],
  fields: {
    importMonth: monthField,
    userId: userIdField,
    attendanceValues: { type: 'text', label: { zh: '考勤数据', en: 'Values' }, form: false },
    batchNo: { type: 'string', max: 32, label: { zh: '导入批次', en: 'Batch' }, list: true },
  },
});

export const salaryRecordEntity = defineEntity({
  name: 'salary_record',
  table: 'hjl_salary_record',
  api: '/api/business/hjlSalaryRecord',
  path: '/finance/wages',
  label: { zh: '工资核算', en: 'Payroll' },
  routes: ['page', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'importMonth', dir: 'desc' },
  exportable: true,
  dialogWidth: 900,
  approval: {
    processKey: approvalProcess('salary').key,
    routeKey: 'salary',
    amountField: 'netPay',
    title: '{userName}的工资审批({importMonth})',
    formUrl: '/finance/wages',
  },
  fields: {
    importMonth: monthField,
    userId: userIdField,
    deptId: { type: 'id', label: { zh: '部门', en: 'Dept' }, list: true, filterable: true, ref: 'dept', display: 'deptName', form: false, width: 100 },
    salaryStandard: {
      type: 'id',
      label: { zh: '薪资等级', en: 'Level' },
      list: true,
      filterable: true,
      ref: 'salary_config',
      display: 'salaryStandardName',
      form: false,
      width: 110,
    },
    basePay: computed('基本工资', 'Base pay', false),
    postPay: computed('岗位工资', 'Post pay', false),
    performancePay: computed('绩效工资', 'Performance pay', false),
    allowance: computed('津贴补贴', 'Allowances', false),
    standardPay: computed('标准工资', 'Standard pay'),
    payableAmount: computed('考勤应发', 'Attendance pay'),
    deductionAmount: computed('考勤扣款', 'Attendance deductions'),
    otherPay: amount('其他应发', 'Other pay', { list: false }),
    otherDeduction: amount('其他扣款', 'Other deductions', { list: false }),
    /** The month's labour fees paid to the person as an employee: wages (BUSINESS.md §1 "Labour fee"). */
    labourPay: computed('劳务费(并入工资)', 'Labour fees'),
    grossPay: computed('应发工资', 'Gross'),
    socialPersonal: computed('个人社保', 'Social security'),
    /** Of the personal part, the housing fund (the rest is social insurance); the company's parts: the payables. */
    fundPersonal: computed('个人公积金', 'Housing fund (personal)', false),
    socialCompany: computed('单位社保', 'Social security (company)', false),
    fundCompany: computed('单位公积金', 'Housing fund (company)', false),
    specialDeduction: computed('专项附加扣除', 'Special deductions', false),
    cumulativeTaxable: computed('累计应纳税所得额', 'Cumulative taxable', false),
    incomeTax: computed('个人所得税', 'Income tax'),
    netPay: computed('实发工资', 'Net pay'),
    /** The computation as stored: items, cumulative figures and the steps (JSON of payroll.ts PayrollResult). */
    calcDetail: { type: 'text', label: { zh: '核算明细', en: 'Calculation' }, form: false },
    payStatus: {
      type: 'int',
      label: { zh: '发放状态', en: 'Paid' },
      range: { min: 0, max: 1 },
      default: 0,
      list: true,
      filterable: true,
      form: false,
      width: 90,
    },
    payTime: { type: 'datetime', label: { zh: '发放时间', en: 'Paid at' }, form: false },
    /** 1: an earlier month of the year changed since this one was computed (BUSINESS.md §1 "Salary"): compute again. */
    needsRecompute: {
      type: 'int',
      label: { zh: '待重新核算', en: 'To recompute' },
      range: { min: 0, max: 1 },
      default: 0,
      list: true,
      filterable: true,
      form: false,
      width: 100,
    },
    remark: remark(),
  },
});

/** The payment of a month: one per tenant and month, the ledger row it posted. */
export const salaryPayEntity = defineEntity({
  name: 'salary_pay',
  table: 'hjl_salary_pay',
  api: '/api/business/hjlSalaryRecord',
  path: '/finance/wages',
  label: { zh: '工资发放', en: 'Salary payments' },
  routes: [],
  fields: {
    payMonth: monthField,
    payDate: { type: 'date', label: { zh: '发放日期', en: 'Date' }, list: true },
    accountInfoId: { type: 'id', label: { zh: '付款账户', en: 'Account' }, ref: 'account', display: 'accountName', list: true },
    recordCount: { type: 'int', label: { zh: '人数', en: 'People' }, list: true },
    totalGross: money({ zh: '应发合计', en: 'Gross' }, { list: true }),
    totalNet: money({ zh: '实发合计', en: 'Net' }, { list: true }),
    incomeExpendId: { type: 'id', label: { zh: '收支明细', en: 'Ledger row' } },
  },
});

/** What a salary payment owes on (hjl_salary_liability.liabilityKind). */
export const SALARY_LIABILITY_KIND = { incomeTax: 1, social: 2, housingFund: 3 } as const;
export const SALARY_LIABILITY_KIND_OPTIONS = [
  { key: 1, zh: '代扣个人所得税', en: 'Income tax withheld' },
  { key: 2, zh: '社会保险费', en: 'Social insurance' },
  { key: 3, zh: '住房公积金', en: 'Housing fund' },
] as const;

/**
 * 代扣代缴 (BUSINESS.md §1 "Salary"): what paying a month leaves owed — the income tax withheld, the social insurance
 * and the housing fund (the personal parts withheld and the company's parts) — one row per kind and month, cleared
 * by a later tax or social-security payment (its ledger expense).
 */
export const salaryLiabilityEntity = defineEntity({
  name: 'salary_liability',
  table: 'hjl_salary_liability',
  api: '/api/business/hjlSalaryRecord',
  path: '/finance/wages',
  label: { zh: '代扣代缴', en: 'Payroll liabilities' },
  routes: [],
  fields: {
    payMonth: monthField,
    salaryPayId: { type: 'id', label: { zh: '工资发放', en: 'Salary payment' } },
    liabilityKind: { type: 'int', label: { zh: '款项', en: 'Kind' }, range: { min: 1, max: 3 }, list: true, filterable: true },
    personalAmount: money({ zh: '个人部分', en: 'Personal part' }, { list: true }),
    companyAmount: money({ zh: '单位部分', en: 'Company part' }, { list: true }),
    amount: money({ zh: '应缴金额', en: 'Amount' }, { list: true }),
    clearStatus: { type: 'int', label: { zh: '缴纳状态', en: 'Cleared' }, range: { min: 0, max: 1 }, default: 0, list: true, filterable: true },
    clearDate: { type: 'date', label: { zh: '缴纳日期', en: 'Cleared on' }, list: true },
    accountInfoId: { type: 'id', label: { zh: '付款账户', en: 'Account' }, ref: 'account', display: 'accountName', list: true },
    incomeExpendId: { type: 'id', label: { zh: '收支明细', en: 'Ledger row' } },
  },
});
