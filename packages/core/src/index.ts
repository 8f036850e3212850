export * from './entity.ts';
export * from './zod-setup.ts';
export * from './api.ts';
export * from './values.ts';
export { paramEntity } from './entities/param.ts';
export { noticeEntity } from './entities/notice.ts';
export {
  userEntity,
  USER_STATUS,
  APPROVAL,
  USER_TYPES,
  PHONE_RULE,
  phoneError,
  PASSWORD_RULE,
  newPasswordError,
  AVATAR_RULE,
  USER_MSG,
} from './entities/user.ts';
export { tenantEntity, tenantPackageEntity, clientEntity } from './entities/tenant.ts';
export { dictEntity, dictChildEntity, dictBizEntity, dictBizChildEntity } from './entities/dict.ts';
export { postEntity } from './entities/post.ts';
export { leaveEntity, LEAVE_PROCESS_KEY } from './entities/leave.ts';
export * from './approval.ts';
export { batchApprovalEntity } from './approval-batch.ts';
export * from './approval-processes.ts';
export { topmenuEntity } from './entities/topmenu.ts';
export { deptEntity } from './entities/dept.ts';
export { regionEntity, REGION_ROOT_CODE } from './entities/region.ts';
export { ossEntity, attachEntity, smsEntity } from './entities/resource.ts';
export { datasourceEntity, backupsEntity, putDatabaseEntity } from './entities/develop.ts';
export { wfProxyEntity, WF_PROXY_TYPE } from './entities/workflow.ts';
export {
  roleEntity,
  menuEntity,
  dataScopeEntity,
  apiScopeEntity,
  MENU_CATEGORY,
  DATA_SCOPE_TYPE,
  API_SCOPE_METHODS,
  SCOPE_CATEGORY,
} from './entities/authority.ts';
export {
  wfCategoryEntity,
  wfConditionEntity,
  WF_CONDITION_TYPE,
  wfButtonEntity,
  WF_STANDARD_BUTTONS,
  wfFormDefaultEntity,
  wfFormEntity,
  wfFormHistoryEntity,
  wfModelEntity,
  wfModelHistoryEntity,
  wfModelScopeEntity,
  WF_SCOPE_TYPE,
  wfDraftEntity,
} from './entities/workflow-design.ts';
export * from './workflow-form.ts';
export * from './workflow-serial.ts';
export * from './zone-time.ts';
export * from './chart.ts';
export * from './money.ts';
export * from './payroll.ts';
export * from './validators.ts';
export * from './credit-code.ts';
export {
  customerEntity,
  customerContactsEntity,
  customerVisitEntity,
  customerAccountEntity,
  customerInvoiceEntity,
  customerChanceEntity,
  customerChildEntities,
} from './entities/customer.ts';
export * from './field-presets.ts';
export * from './numbering.ts';
export { contractEntity, CONTRACT_MSG, CONTRACT_PROCESS, CONTRACT_SERVER_FIELDS, CONTRACT_TYPE_CODES } from './entities/contract.ts';
export {
  projectEntity,
  projectPersonEntity,
  projectTaskEntity,
  taskTemplateEntity,
  projectSecondCheckEntity,
  projectThirdCheckEntity,
  auditSealEntity,
  projectQualityEntity,
  expireNoticeEntity,
  parseTemplateItems,
  PROJECT_MSG,
  PROJECT_PROCESSES,
  PROJECT_SERVER_FIELDS,
  PROJECT_STATUS,
  PROJECT_TYPE_CODES,
  BID_STATUS,
  TASK_STATUS,
  TASK_SERVER_FIELDS,
  EXPIRE_BIZ_TYPE,
  type TaskTemplateItem,
} from './entities/project.ts';
export {
  accountInfoEntity,
  accountHisInfoEntity,
  userAccountEntity,
  incomeExpendEntity,
  applyPaymentEntity,
  applyExpenseEntity,
  applyExpenseInfoEntity,
  budgetExpendEntity,
  expendFromEntity,
  applyRefundEntity,
  lendMoneyEntity,
  returnMoneyEntity,
  fullTaxEntity,
  financeFormEntity,
  pendingAccountEntity,
  paymentHisEntity,
  accountSettlementEntity,
  financeEntities,
  FINANCE_MSG,
  FINANCE_PROCESS,
  INCOME_OR_EXPEND,
  KNOW_GET,
  PAY_STATUS,
  BUSINESS_SUBJECT,
  ACCOUNT_CHANGE,
} from './entities/finance.ts';
export {
  staffFileEntity,
  userEducationEntity,
  userWorkHisEntity,
  userHomeInfoEntity,
  userCertificateEntity,
  workContractEntity,
  socialSecurityEntity,
  userSocialSecurityEntity,
  userOuterEntity,
  assetEntity,
  staffFileChildEntities,
  HR_MSG,
  CERT_AFFILIATION,
  STAFF_SELF_FIELDS,
  SOCIAL_RATES,
  HR_REPORT_CODE,
} from './entities/hr.ts';
export {
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditGoOutEntity,
  auditCarEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
  officeEntities,
  OFFICE_MSG,
} from './entities/office.ts';
export {
  projectCollectEntity,
  projectCollectPersonEntity,
  invoiceEntity,
  invoiceVoidEntity,
  PROJECT_MONEY_MSG,
  INVOICE_STATUS,
  SHARE_RATIO_RE,
  percentRate,
  collectShareAmounts,
  LABOUR_MSG,
  LABOUR_STAGE,
  MONEY_PAY_STATUS,
  LABOUR_COST_TYPE,
  EXPENSE_COST_TYPE,
  costTypeOfExpense,
  LABOUR_RATIO_DEFAULT,
  LABOUR_SECOND_PROCESS,
  labourIncomeTax,
  labourShares,
  labourOught,
  type LabourShare,
  labourFeeEntity,
  labourPersonEntity,
  SETTLEMENT_MSG,
  projectDecisionEntity,
  PROJECT_EXPENSE_MSG,
  projectExpenseEntity,
  projectExpenseLineEntity,
  projectExpensePayEntity,
  COMPLETION_MSG,
  projectCompletionEntity,
  projectCompletionPayEntity,
} from './entities/project-money.ts';
export { passwordVaultEntity, passwordApplyEntity, passwordLogEntity, VAULT_MSG, VAULT_PROCESS, VAULT_REVEAL, VAULT_REVEAL_HOURS } from './entities/vault.ts';
export {
  salaryConfigEntity,
  userSalaryInfoEntity,
  attendanceFieldConfigEntity,
  attendanceImportEntity,
  salaryRecordEntity,
  salaryPayEntity,
  SALARY_MSG,
  MONTH_RE,
  ATTENDANCE_KIND_OPTIONS,
  salaryLiabilityEntity,
  SALARY_LIABILITY_KIND,
  SALARY_LIABILITY_KIND_OPTIONS,
} from './entities/salary.ts';
export * from './project-statement.ts';
export { REPORT_EXPORT_CODE, REPORT_VIEWS, reportEntity } from './entities/report.ts';
export { codeEntity, modelEntity, modelPrototypeEntity } from './entities/codegen.ts';
export {
  depositEntity,
  depositRefundEntity,
  depositEntities,
  DEPOSIT_MSG,
  DEPOSIT_TYPES,
  DEPOSIT_REFUND_STATUS,
  DEPOSIT_DIRECTION,
  DEPOSIT_REFUND_KIND,
  DEPOSIT_PROCESS,
  DEPOSIT_AGE_BUCKETS,
  DEPOSIT_CODES,
  depositAgeBucket,
  depositRefundStatus,
  depositRemaining,
  type DepositAgeKey,
} from './entities/deposit.ts';
export {
  filialeEntity,
  filialeMgmtEntity,
  filialeDepositEntity,
  filialeContractEntity,
  filialeAccountEntity,
  dividendEntity,
  dividendComponentEntity,
  withdrawShareEntity,
  investInfoEntity,
  investInfoHisEntity,
  branchChildEntities,
  BRANCH_MSG,
  MONTH_PERIOD_RE,
  PROFIT_ITEM_TYPE,
  DIVIDEND_PAY_STATE,
  FILIALE_DEPOSIT_STATUS,
  WITHDRAW_TYPE,
  WITHDRAW_PROCESS,
  percentOfMoney,
  profitOfItems,
  percentError,
  PERCENT_FIELDS,
} from './entities/branch.ts';
export * from './entities/lookup-common.ts';
export { projectPriceIndexEntity, projectPriceDetailEntity, unitPriceIndexEntity } from './entities/lookup-price.ts';
export { talentCategoryEntity, specialityEntity, certificationInfoEntity, LOOKUP_POOL, type LookupPool } from './entities/lookup-talent.ts';
export { materialCategoryEntity, materialInfoEntity, materialPriceEntity } from './entities/lookup-material.ts';
export { knowledgeCategoryEntity, knowledgeInfoEntity, tagsText, tagsOf } from './entities/lookup-knowledge.ts';
export { enterpriseCategoryEntity, enterpriseAuthenticationEntity } from './entities/lookup-enterprise.ts';
export * from './special-deduction.ts';
export {
  archivesEntity,
  archivesFileEntity,
  archiveApplyEntity,
  archivesTemplateEntity,
  archivesColumnEntity,
  templateLibraryEntity,
  templateLibraryVersionEntity,
  ARCHIVE_PROCESSES,
  ARCHIVE_BORROW_STATUS,
  ARCHIVE_APPLY_STAGE,
  ARCHIVE_MSG,
  ARCHIVE_SERVER_FIELDS,
  ARCHIVE_APPLY_SERVER_FIELDS,
  PERFORMANCE_FORMULA,
  performanceOutput,
} from './entities/archive.ts';
export {
  kpiTaskEntity,
  kpiRecordEntity,
  parseKpiItems,
  scoreText,
  weightedKpiScore,
  finalKpiScore,
  KPI_MONTH_RE,
  KPI_MSG,
  KPI_RECORD_STATUS,
  KPI_SELF_WEIGHT,
  KPI_LEADER_WEIGHT,
  type KpiItem,
  type KpiScoredItem,
  type KpiRankingRow,
} from './entities/kpi.ts';
export { detailFields, shownValue, COMMENT_LABELS, ROLLBACK_TO_NODE_LABEL, commentLabel, isTimelineStep, stepName } from './approval-sheet.ts';
export * from './working-hours.ts';
export type { ApproverWaits, NodeWaits, OverdueTask, WaitsSummary } from './approval-waits.ts';
export { wfCalendarEntity, WF_CALENDAR_KIND } from './entities/workflow-calendar.ts';
