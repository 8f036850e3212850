/**
 * The pages of the main layout: a menu path (or route pattern) → its lazily loaded page. A menu item whose
 * path is not here leads to /404. Add a page here and nowhere else.
 */
import {
  batchApprovalEntity,
  customerAccountEntity,
  customerChanceEntity,
  customerContactsEntity,
  customerEntity,
  customerInvoiceEntity,
  customerVisitEntity,
  contractEntity,
  projectEntity,
  taskTemplateEntity,
  auditSealEntity,
  projectQualityEntity,
  projectCollectEntity,
  invoiceEntity,
  labourFeeEntity,
  projectDecisionEntity,
  projectExpenseEntity,
  projectCompletionEntity,
  projectCompletionPayEntity,
  attachEntity,
  backupsEntity,
  datasourceEntity,
  ossEntity,
  putDatabaseEntity,
  smsEntity,
  wfButtonEntity,
  wfCategoryEntity,
  wfConditionEntity,
  wfFormDefaultEntity,
  wfFormEntity,
  wfModelEntity,
  wfModelScopeEntity,
  apiScopeEntity,
  clientEntity,
  dataScopeEntity,
  deptEntity,
  menuEntity,
  roleEntity,
  wfProxyEntity,
  leaveEntity,
  wfDraftEntity,
  dictBizEntity,
  dictEntity,
  noticeEntity,
  paramEntity,
  postEntity,
  regionEntity,
  tenantEntity,
  tenantPackageEntity,
  topmenuEntity,
  userEntity,
  financeEntities,
  officeEntities,
  auditEvectionEntity,
  auditShoppingEntity,
  incomeExpendEntity,
  accountInfoEntity,
  applyExpenseEntity,
  applyPaymentEntity,
  applyRefundEntity,
  budgetExpendEntity,
  financeFormEntity,
  lendMoneyEntity,
  pendingAccountEntity,
  paymentHisEntity,
  permissionCodes,
  staffFileEntity,
  userEducationEntity,
  userWorkHisEntity,
  userHomeInfoEntity,
  userCertificateEntity,
  workContractEntity,
  userSocialSecurityEntity,
  socialSecurityEntity,
  userOuterEntity,
  assetEntity,
  passwordVaultEntity,
  salaryConfigEntity,
  userSalaryInfoEntity,
  attendanceFieldConfigEntity,
  salaryRecordEntity,
  attendanceImportEntity,
  passwordApplyEntity,
  passwordLogEntity,
  type EntityDef,
  type Label,
} from '@hjl/core';
import { createElement, lazy } from 'react';
import { matchPath } from 'react-router';
import { lazyPage, type LazyPage, type PageModule as PageExports } from '../app/lazyPage';
import { DESIGNER_ROUTE, MODEL_HISTORY_ROUTE } from '../app/paths';
import { formRoutes } from '../app/processForms';
import type { RelatedTab } from '../components/RelatedTab';

/** A page module on its way (a dynamic import). */
type PageModule = Promise<PageExports>;

/** The project's money on its detail page (issue 17): 开票 and 收款, the money area's own lists confined to the project. */
const projectRelated: RelatedTab[] = [
  {
    key: 'invoice',
    label: { zh: '开票', en: 'Invoices' },
    code: permissionCodes(invoiceEntity).view,
    List: lazy(() => import('./money/InvoicePage').then((m) => ({ default: m.InvoiceList }))),
  },
  {
    key: 'collect',
    label: { zh: '收款', en: 'Collections' },
    code: permissionCodes(projectCollectEntity).view,
    List: lazy(() => import('./money/CollectPage').then((m) => ({ default: m.CollectList }))),
  },
  {
    key: 'labour',
    label: { zh: '劳务费', en: 'Labour fees' },
    code: permissionCodes(labourFeeEntity).view,
    List: lazy(() => import('./money/LabourPage').then((m) => ({ default: m.LabourList }))),
  },
  {
    key: 'settlement',
    label: { zh: '结算', en: 'Settlement' },
    code: permissionCodes(projectDecisionEntity).view,
    List: lazy(() => import('./money/SettlementPage').then((m) => ({ default: m.SettlementList }))),
  },
  {
    key: 'expense',
    label: { zh: '费用', en: 'Expenses' },
    code: permissionCodes(projectExpenseEntity).view,
    List: lazy(() => import('./money/ExpensePage').then((m) => ({ default: m.ExpenseList }))),
  },
  {
    // The project 360 view: its money from the ledger, each figure opening its rows.
    key: 'money',
    label: { zh: '收支', en: 'Money' },
    code: 'project_income_expend',
    List: lazy(() => import('./money/ProjectMoney')),
  },
];

const FormUrlPage = lazyPage(() => import('./workflow/process/FormUrlPage'));

/**
 * The customer's contracts and projects on its detail page (issue 15): the contract and project areas' own lists
 * (search, approval status, 详情 …) confined to the customer, loaded with the tab. Composed here, where features meet.
 */
const customerRelated: RelatedTab[] = [
  {
    key: 'contract',
    label: { zh: '合同', en: 'Contracts' },
    code: permissionCodes(contractEntity).view,
    List: lazy(() => import('./contract/ContractPage').then((m) => ({ default: m.ContractList }))),
  },
  {
    key: 'project',
    label: { zh: '项目', en: 'Projects' },
    code: permissionCodes(projectEntity).view,
    List: lazy(() => import('./project/ProjectPage').then((m) => ({ default: m.ProjectList }))),
  },
  // Project money (issue 17): the customer's collections and invoices, as their lists confined to the customer.
  {
    key: 'collect',
    label: { zh: '收款', en: 'Collections' },
    code: permissionCodes(projectCollectEntity).view,
    List: lazy(() => import('./money/CollectPage').then((m) => ({ default: m.CollectList }))),
  },
  {
    key: 'invoice',
    label: { zh: '开票', en: 'Invoices' },
    code: permissionCodes(invoiceEntity).view,
    List: lazy(() => import('./money/InvoicePage').then((m) => ({ default: m.InvoiceList }))),
  },
];

export interface PageEntry {
  /** Route pattern (react-router syntax, e.g. `/project/detail/:id`). */
  path: string;
  /** The page, loaded when first shown or ahead (`component.preload()`, app/layout/preload.ts). */
  component: LazyPage;
  /** Tab label when the menu does not name the page. */
  title?: Label;
  /**
   * Open to every logged-in user (the workbench, the profile, detail pages reached from a list). Any other
   * page is a menu's and opens only for users granted that menu; the rest see 403.
   */
  open?: boolean;
}

/**
 * The page of an entity definition, derived from it: its list path (`def.path`) and title (`def.label`), and
 * the page module — by default CrudPage on the definition, so a plain record needs no page file of its own.
 * A page with more (controls, row actions, a tree beside the list) passes its module.
 */
export function entityPage(def: EntityDef, load?: () => PageModule): PageEntry {
  const page = load ?? (() => import('../components/CrudPage').then(({ CrudPage }) => ({ default: () => createElement(CrudPage, { def }) })));
  return { path: def.path, component: lazyPage(page), title: def.label };
}

/** Office-approval pages of their own (the forms with lines), by definition name. */
const OFFICE_PAGES: Record<string, (() => PageModule) | undefined> = {
  [auditEvectionEntity.name]: () => import('./office/Pages').then((m) => ({ default: m.EvectionPage })),
  [auditShoppingEntity.name]: () => import('./office/Pages').then((m) => ({ default: m.ShoppingPage })),
};

/** Finance pages of their own, by definition name. */
const FINANCE_PAGES: Record<string, (() => PageModule) | undefined> = {
  [incomeExpendEntity.name]: () => import('./finance/LedgerPage'),
  [accountInfoEntity.name]: () => import('./finance/AccountPage'),
  [applyExpenseEntity.name]: () => import('./finance/ClaimPage'),
  [applyPaymentEntity.name]: () => import('./finance/PaymentApplyPage'),
  [lendMoneyEntity.name]: () => import('./finance/LendPage'),
  [applyRefundEntity.name]: () => import('./finance/RefundPage'),
  [budgetExpendEntity.name]: () => import('./finance/BudgetPage'),
  [financeFormEntity.name]: () => import('./finance/FinanceFormPage'),
  [pendingAccountEntity.name]: () => import('./finance/PendingPage'),
  [paymentHisEntity.name]: () => import('./finance/PaymentRecordPage'),
};

export const pages: PageEntry[] = [
  { path: '/wel/index', component: lazyPage(() => import('./wel/WelcomePage')), title: { zh: '工作台', en: 'Workbench' }, open: true },
  entityPage(paramEntity),
  entityPage(noticeEntity),
  entityPage(userEntity, () => import('./system/user/UserPage')),
  { path: '/info/index', component: lazyPage(() => import('./info/ProfilePage')), title: { zh: '个人信息', en: 'Profile' }, open: true },
  entityPage(tenantEntity, () => import('./system/tenant/TenantPage')),
  entityPage(tenantPackageEntity, () => import('./system/tenantpackage/TenantPackagePage')),
  entityPage(clientEntity, () => import('./system/client/ClientPage')),
  entityPage(dictEntity, () => import('./system/dict/SystemDictPage')),
  entityPage(dictBizEntity, () => import('./system/dictbiz/DictBizPage')),
  entityPage(deptEntity, () => import('./system/dept/DeptPage')),
  entityPage(postEntity),
  entityPage(regionEntity, () => import('./system/region/RegionPage')),
  entityPage(topmenuEntity, () => import('./system/topmenu/TopMenuPage')),
  entityPage(ossEntity, () => import('./resource/oss/OssPage')),
  entityPage(attachEntity, () => import('./resource/attach/AttachPage')),
  entityPage(smsEntity, () => import('./resource/sms/SmsPage')),
  { path: '/monitor/log/usual', component: lazyPage(() => import('./monitor/log/usual/UsualLogPage')), title: { zh: '通用日志', en: 'Usual logs' } },
  { path: '/monitor/log/api', component: lazyPage(() => import('./monitor/log/api/ApiLogPage')), title: { zh: '接口日志', en: 'API logs' } },
  { path: '/monitor/log/error', component: lazyPage(() => import('./monitor/log/error/ErrorLogPage')), title: { zh: '错误日志', en: 'Error logs' } },
  entityPage(datasourceEntity, () => import('./tool/datasource/DatasourcePage')),
  entityPage(backupsEntity, () => import('./tool/backups/BackupsPage')),
  entityPage(roleEntity, () => import('./authority/role/RolePage')),
  entityPage(menuEntity, () => import('./system/menu/MenuPage')),
  entityPage(dataScopeEntity, () => import('./authority/scope/DataScopePage')),
  entityPage(apiScopeEntity, () => import('./authority/scope/ApiScopePage')),
  entityPage(putDatabaseEntity),
  entityPage(wfProxyEntity, () => import('./workflow/proxy/ProxyPage')),
  // Workflow model designer (模型设计): the list, the designer of one model and its history versions (reached from the list).
  entityPage(wfModelEntity, () => import('./workflow/design/model/ModelPage')),
  {
    path: DESIGNER_ROUTE,
    component: lazyPage(() => import('./workflow/design/model/DesignerPage')),
    title: { zh: '流程设计', en: 'Process designer' },
    open: true,
  },
  {
    path: MODEL_HISTORY_ROUTE,
    component: lazyPage(() => import('./workflow/design/model/ModelHistoryPage')),
    title: { zh: '模型历史版本', en: 'Model versions' },
    open: true,
  },
  // Workflow design (issue 6): forms with their designer and versions (reached from the form list, so open;
  // the pages check wf_form_edit / wf_form_history themselves), the design catalogues and the deployments.
  entityPage(wfFormEntity, () => import('./workflow/design/form/FormPage')),
  {
    path: '/workflow/design/form/designer/:id',
    component: lazyPage(() => import('./workflow/design/form/FormDesignerPage')),
    title: { zh: '表单设计器', en: 'Form designer' },
    open: true,
  },
  {
    path: '/workflow/design/form/history/:id',
    component: lazyPage(() => import('./workflow/design/form/FormHistoryPage')),
    title: { zh: '表单历史版本', en: 'Form versions' },
    open: true,
  },
  entityPage(wfCategoryEntity, () => import('./workflow/design/support/CategoryPage')),
  entityPage(wfConditionEntity, () => import('./workflow/design/support/ConditionPage')),
  entityPage(wfButtonEntity, () => import('./workflow/design/support/ButtonPage')),
  entityPage(wfFormDefaultEntity),
  entityPage(wfModelScopeEntity, () => import('./workflow/design/support/ModelScopePage')),
  { path: '/workflow/deployment', component: lazyPage(() => import('./workflow/deployment/DeploymentPage')), title: { zh: '部署管理', en: 'Deployments' } },
  {
    path: '/workflow/design/listener',
    component: lazyPage(() => import('./workflow/design/listener/ListenerMapPage')),
    title: { zh: '监听器映射', en: 'Listener mappings' },
  },
  // Workflow lists (one shared list component), drafts and the operations console.
  { path: '/workflow/process/todo', component: lazyPage(() => import('./workflow/lists/TodoListPage')), title: { zh: '待办事务', en: 'To-do' } },
  { path: '/workflow/process/claim', component: lazyPage(() => import('./workflow/lists/ClaimListPage')), title: { zh: '待签事务', en: 'To claim' } },
  { path: '/workflow/process/send', component: lazyPage(() => import('./workflow/lists/SendListPage')), title: { zh: '我的请求', en: 'My requests' } },
  { path: '/workflow/process/done', component: lazyPage(() => import('./workflow/lists/DoneListPage')), title: { zh: '已办事务', en: 'Done' } },
  { path: '/workflow/process/myDone', component: lazyPage(() => import('./workflow/lists/MyDoneListPage')), title: { zh: '办结事务', en: 'Finished' } },
  { path: '/workflow/process/copy', component: lazyPage(() => import('./workflow/lists/CopyListPage')), title: { zh: '抄送事务', en: 'Copies' } },
  entityPage(wfDraftEntity, () => import('./workflow/draft/DraftPage')),
  // 批量审批: several to-do tasks approved or rejected with one comment, and the batches of records of one process.
  entityPage(batchApprovalEntity, () => import('./workflow/batch/BatchApprovalPage')),
  { path: '/workflow/ops', component: lazyPage(() => import('./workflow/ops/OpsPage')), title: { zh: '流程运维', en: 'Operations' } },
  { path: '/myiframe/*', component: lazyPage(() => import('./myiframe/IframePage')), title: { zh: '外部页面', en: 'Embedded page' }, open: true },
  // Customers (客户管理): the list and its detail page (no tab), my customers, each kind of record, enterprise information, the report.
  entityPage(customerEntity, () => import('./customer/CustomerPage')),
  { path: '/marketing/hjlCustomer/my', component: lazyPage(() => import('./customer/MyCustomerPage')), title: { zh: '我的客户', en: 'My customers' } },
  {
    path: '/marketing/hjlCustomersDetail/:id',
    component: lazyPage(() =>
      import('./customer/CustomerDetailPage').then(({ default: CustomerDetailPage }) => ({
        default: () => createElement(CustomerDetailPage, { related: customerRelated }),
      })),
    ),
    title: { zh: '客户详情', en: 'Customer' },
    open: true,
  },
  entityPage(customerContactsEntity, () => import('./customer/ContactsPage')),
  entityPage(customerVisitEntity, () => import('./customer/VisitPage')),
  entityPage(customerAccountEntity, () => import('./customer/AccountPage')),
  entityPage(customerInvoiceEntity, () => import('./customer/InvoicePage')),
  entityPage(customerChanceEntity, () => import('./customer/ChancePage')),
  {
    path: '/marketing/enterprise',
    component: lazyPage(() => import('./customer/EnterprisePage')),
    title: { zh: '企业信息查询', en: 'Enterprise information' },
  },
  { path: '/marketing/customerReport', component: lazyPage(() => import('./customer/CustomerReportPage')), title: { zh: '客户统计', en: 'Customer report' } },
  // Contracts and the project register (issue 15): lists, detail pages (no tab), my tasks, templates, seals, quality, reminders, reports.
  entityPage(contractEntity, () => import('./contract/ContractPage')),
  {
    path: '/contract/hjlContractDetail/:id',
    component: lazyPage(() => import('./contract/ContractDetailPage')),
    title: { zh: '合同详情', en: 'Contract' },
    open: true,
  },
  { path: '/contract/contractReport', component: lazyPage(() => import('./contract/ContractReportPage')), title: { zh: '合同统计', en: 'Contract report' } },
  entityPage(projectEntity, () => import('./project/ProjectPage')),
  {
    path: '/hjlProject/hjlProjectDetail/:id',
    component: lazyPage(() =>
      import('./project/ProjectDetailPage').then(({ default: ProjectDetailPage }) => ({
        default: () => createElement(ProjectDetailPage, { related: projectRelated }),
      })),
    ),
    title: { zh: '项目详情', en: 'Project' },
    open: true,
  },
  { path: '/hjlProject/myTask', component: lazyPage(() => import('./project/ProjectTasks')), title: { zh: '我的任务', en: 'My tasks' } },
  entityPage(taskTemplateEntity),
  entityPage(auditSealEntity),
  entityPage(projectQualityEntity),
  entityPage(projectCollectEntity, () => import('./money/CollectPage')),
  entityPage(invoiceEntity, () => import('./money/InvoicePage')),
  entityPage(labourFeeEntity, () => import('./money/LabourPage')),
  entityPage(projectDecisionEntity, () => import('./money/SettlementPage')),
  entityPage(projectExpenseEntity, () => import('./money/ExpensePage')),
  // 项目完工 and 完工付款 (issue 17): their lists in approval mode (started from the settlement list and the 结算 tab).
  entityPage(projectCompletionEntity),
  entityPage(projectCompletionPayEntity),
  {
    path: `${projectExpenseEntity.path}/my`,
    component: lazyPage(() => import('./money/MyExpensePage')),
    title: { zh: '我的项目费用', en: 'My project expenses' },
  },
  {
    path: '/hjlProject/incomeExpend',
    component: lazyPage(() => import('./money/ProjectMoneyReportPage')),
    title: { zh: '项目收支', en: 'Project income and expense' },
  },
  { path: '/hjlProject/hjlExpireNotice', component: lazyPage(() => import('./project/ExpireNoticePage')), title: { zh: '到期提醒', en: 'Expiry reminders' } },
  { path: '/hjlProject/projectReport', component: lazyPage(() => import('./project/ProjectReportPage')), title: { zh: '项目统计', en: 'Project report' } },
  // Finance (财务管理, WP4): pages of their own where a list has more than its definition (forms with lines,
  // payee pickers, row actions); the other record kinds' lists derive from their definitions.
  ...financeEntities.map((def) => entityPage(def, FINANCE_PAGES[def.name])),
  { path: `${applyExpenseEntity.path}/my`, component: lazyPage(() => import('./finance/MyClaimPage')), title: { zh: '我的报销', en: 'My claims' } },
  { path: '/finance/report', component: lazyPage(() => import('./finance/FinanceReportPage')), title: { zh: '财务报表', en: 'Finance report' } },
  // Workflow process screens (issue 6): the start list, the start and handle/detail screens (payload after the slash), external forms, the leave pages.
  { path: '/workflow/process/start', component: lazyPage(() => import('./workflow/process/StartListPage')), title: { zh: '新建流程', en: 'Start a process' } },
  { path: '/workflow/process/start/*', component: lazyPage(() => import('./workflow/process/StartPage')), title: { zh: '发起流程', en: 'Start' }, open: true },
  {
    path: '/workflow/process/detail/*',
    component: lazyPage(() => import('./workflow/process/DetailPage')),
    title: { zh: '流程详情', en: 'Process' },
    open: true,
  },
  {
    path: '/workflow/process/external/:suffix/:type',
    component: lazyPage(() => import('./workflow/process/ExternalPage')),
    title: { zh: '流程表单', en: 'Process form' },
    open: true,
  },
  entityPage(leaveEntity, () => import('./workflow/leave/LeaveListPage')),
  {
    path: '/work/process/leave/form/:processDefinitionId',
    component: lazyPage(() => import('./workflow/leave/LeaveFormPage')),
    title: { zh: '请假申请', en: 'Request leave' },
    open: true,
  },
  {
    path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
    component: lazyPage(() => import('./workflow/leave/LeaveProcessPages').then((m) => ({ default: m.LeaveHandlePage }))),
    title: { zh: '请假审批', en: 'Leave approval' },
    open: true,
  },
  {
    path: '/work/process/leave/detail/:processInstanceId/:businessId',
    component: lazyPage(() => import('./workflow/leave/LeaveProcessPages').then((m) => ({ default: m.LeaveDetailPage }))),
    title: { zh: '请假详情', en: 'Leave request' },
    open: true,
  },
  // Business form urls (app/processForms.tsx, S2 L60-85): the start form and the handle / detail screens of each.
  ...formRoutes().map((route) => ({ path: route.path, component: FormUrlPage, title: route.title ?? { zh: '业务表单', en: 'Business form' }, open: true })),
  // People (人事管理, issue 18): the staff files (a person's file page with its tabs, 我的档案), certificates with
  // sharing, the derived list pages of the other records, 人事统计; assets list through `asset/page`.
  entityPage(staffFileEntity, () => import('./hr/StaffFileListPage')),
  {
    path: `${staffFileEntity.path}/detail/:userId`,
    component: lazyPage(() => import('./hr/StaffFilePage')),
    title: { zh: '员工档案详情', en: 'Staff file' },
    open: true,
  },
  {
    path: '/hr/myFile',
    component: lazyPage(() => import('./hr/StaffFilePage').then((m) => ({ default: m.MyFilePage }))),
    title: { zh: '我的档案', en: 'My file' },
  },
  { path: '/hr/report', component: lazyPage(() => import('./hr/HrReportPage')), title: { zh: '人事统计', en: 'People statistics' } },
  entityPage(userEducationEntity),
  entityPage(userWorkHisEntity),
  entityPage(userHomeInfoEntity),
  entityPage(userCertificateEntity, () => import('./hr/StaffFileListPage').then((m) => ({ default: () => createElement(m.CertificatePage) }))),
  entityPage(workContractEntity),
  entityPage(userSocialSecurityEntity),
  entityPage(socialSecurityEntity),
  entityPage(userOuterEntity),
  entityPage(assetEntity, () =>
    Promise.all([import('../components/CrudPage'), import('./hr/api')]).then(([{ CrudPage }, { assetListUrl }]) => ({
      default: () => createElement(CrudPage, { def: assetEntity, listUrl: assetListUrl }),
    })),
  ),
  // Office approvals (行政审批, issue 18 item 4): 出差, 外出, 用车, 采购 and the lines of trips and purchases.
  ...officeEntities.map((def) => entityPage(def, OFFICE_PAGES[def.name])),
  // The secrets vault (密码管理, BUSINESS.md §1 hjlPassword).
  entityPage(passwordVaultEntity, () => import('./vault/VaultPages').then((m) => ({ default: m.VaultPage }))),
  entityPage(passwordApplyEntity, () => import('./vault/VaultPages').then((m) => ({ default: m.ApplyPage }))),
  entityPage(passwordLogEntity, () => import('./vault/VaultPages').then((m) => ({ default: m.LogPage }))),
  // Salary and attendance (薪资管理, issue 19): the configuration lists; the payroll, import, payslips and statistics.
  entityPage(salaryConfigEntity, () => import('./salary/SalaryPages').then((m) => ({ default: m.SalaryLevelPage }))),
  entityPage(userSalaryInfoEntity, () => import('./salary/SalaryPages').then((m) => ({ default: m.SalaryInfoPage }))),
  entityPage(attendanceFieldConfigEntity, () => import('./salary/SalaryPages').then((m) => ({ default: m.AttendanceFieldPage }))),
  entityPage(salaryRecordEntity, () => import('./salary/SalaryPages').then((m) => ({ default: m.PayrollPage }))),
  {
    path: attendanceImportEntity.path,
    component: lazyPage(() => import('./salary/SalaryPages').then((m) => ({ default: m.AttendancePage }))),
    title: attendanceImportEntity.label,
  },
  {
    path: '/finance/wages_calculationDetail',
    component: lazyPage(() => import('./salary/SalaryPages').then((m) => ({ default: m.CalculationDetailPage }))),
    title: { zh: '工资核算明细', en: 'Payroll calculation' },
    open: true,
  },
  {
    path: '/finance/wages_Details',
    component: lazyPage(() => import('./salary/SalaryPages').then((m) => ({ default: m.PayslipPage }))),
    title: { zh: '我的工资条', en: 'My payslips' },
  },
  {
    path: '/finance/wages/statistics',
    component: lazyPage(() => import('./salary/SalaryPages').then((m) => ({ default: m.SalaryStatisticsPage }))),
    title: { zh: '薪资统计', en: 'Salary statistics' },
  },
];

/** The page that serves a pathname, if any. */
export function findPage(pathname: string): PageEntry | undefined {
  return pages.find((page) => matchPath({ path: page.path, end: true }, pathname));
}
