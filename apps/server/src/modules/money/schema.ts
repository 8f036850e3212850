/**
 * The tables of project money (BUSINESS.md WP3), derived from their definitions, with the indexes the
 * lists, the sums per contract and project and the persons' shares need.
 */
import {
  invoiceEntity,
  invoiceVoidEntity,
  labourFeeEntity,
  labourPersonEntity,
  projectCollectEntity,
  projectCollectPersonEntity,
  projectDecisionEntity,
  projectExpenseEntity,
  projectExpenseLineEntity,
  projectExpensePayEntity,
  projectCompletionEntity,
  projectCompletionPayEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

/** Collections: by project and by contract (ought income sums the contract's approved collections). */
export const projectCollects = entityTable(projectCollectEntity, (t) => [
  index('hjl_project_collect_project_idx').on(t.projectId),
  index('hjl_project_collect_contract_idx').on(t.contractId, t.status).where(live),
]);

/** The persons' shares of a collection. */
export const projectCollectPersons = entityTable(projectCollectPersonEntity, (t) => [
  index('hjl_project_collect_person_collect_idx').on(t.collectId),
  index('hjl_project_collect_person_user_idx').on(t.tenantId, t.userId).where(live),
]);

/** Invoices: by project and by contract (the invoiced total of a contract). */
export const invoices = entityTable(invoiceEntity, (t) => [
  index('hjl_invoice_project_idx').on(t.projectId),
  index('hjl_invoice_contract_idx').on(t.contractId, t.status).where(live),
]);

/** Voiding requests, by invoice. */
export const invoiceVoids = entityTable(invoiceVoidEntity, (t) => [index('hjl_invoice_void_invoice_idx').on(t.invoiceId)]);

/** Labour fees: by project and period (the ought sums read collections and expenses of a period). */
export const labourFees = entityTable(labourFeeEntity, (t) => [index('hjl_labour_project_idx').on(t.projectId, t.periodStart)]);

/** A labour fee's persons, by labour fee; by user (a person's labour fees). */
export const labourPersons = entityTable(labourPersonEntity, (t) => [
  index('hjl_labour_person_labour_idx').on(t.labourId),
  index('hjl_labour_person_user_idx').on(t.tenantId, t.userId).where(live),
]);

/** Settlements, by project (one approved per project). */
export const projectDecisions = entityTable(projectDecisionEntity, (t) => [index('hjl_project_decision_project_idx').on(t.projectId, t.status)]);

/** Project expenses: by project and date (labour fees subtract a period's approved ones), by applicant (`my`). */
export const projectExpenses = entityTable(projectExpenseEntity, (t) => [
  index('hjl_project_expense_project_idx').on(t.projectId, t.applyDate),
  index('hjl_project_expense_user_idx').on(t.tenantId, t.applyUser).where(live),
]);

/** Lines of a project expense. */
export const projectExpenseLines = entityTable(projectExpenseLineEntity, (t) => [index('hjl_project_expense_info_expense_idx').on(t.expenseId)]);

/** Payments of project expenses, by expense. */
export const projectExpensePays = entityTable(projectExpensePayEntity, (t) => [index('hjl_project_expense_pay_expense_idx').on(t.expenseId)]);

/** Completions, by project (one under approval or approved per project). */
export const projectCompletions = entityTable(projectCompletionEntity, (t) => [index('hjl_project_completion_project_idx').on(t.projectId, t.status)]);

/** Payments of settlement fees, by settlement (one under approval or approved per settlement) and by project. */
export const projectCompletionPays = entityTable(projectCompletionPayEntity, (t) => [
  index('hjl_project_completion_pay_decision_idx').on(t.decisionId, t.status),
  index('hjl_project_completion_pay_project_idx').on(t.projectId),
]);
