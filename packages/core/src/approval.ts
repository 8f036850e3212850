/**
 * Approvable records (BUSINESS.md §2): a business record declared with `approval` on its definition goes through an
 * approval process. What server and web share: the declaration, the status values, the derived fields, the
 * messages and the process title template. The server derives the columns (platform/crud/table.ts) and binds
 * the record to the workflow engine (apps/server/src/modules/approval); the web shows the status and the actions.
 */

/** `EntityDef.approval`: how a record goes through approval. */
export interface ApprovalDef {
  /** Process definition key started when no route key applies (or the route key has no row). */
  processKey: string;
  /**
   * Business form name (dictKey of the tenant's business dictionary `wf_route`, S2 L187): the row's remark names
   * the process definition key to start, so an administrator re-points the form to another model without code.
   */
  routeKey?: string;
  /** A `money` field whose value is the process variable `money` (the threshold gateways read `${money > 50000}`). */
  amountField?: string;
  /**
   * Title of the process instance: `{field}` placeholders take the record's values, `{userName}` the applicant's
   * name, `{label}` the definition's label. Default `{userName}的{label}`.
   */
  title?: string;
  /** The business form url (`/workflow/makePayment`, S2 L60-85): the process's start form key points to it. */
  formUrl?: string;
}

/** `status` of a record under approval (S2 L240): 0 not started, 1 under approval, 2 approved, 3 rejected, 6 withdrawn. */
export const APPROVAL_STATUS = { draft: 0, approving: 1, approved: 2, rejected: 3, withdrawn: 6 } as const;

/**
 * `isDraft` of a record (S2 L240-259): 0 saved as a draft, never started (no node diagram); 1 sent for approval;
 * 2 kept without approval (the list shows "-" instead of a status tag).
 */
export const APPROVAL_DRAFT = { draft: 0, submitted: 1, none: 2 } as const;

/** Columns every approvable record carries besides its own fields (the audit `status` holds the approval status). */
export const APPROVAL_FIELDS = {
  isDraft: { column: 'is_draft', kind: 'int' },
  processDefinitionKey: { column: 'process_definition_key', kind: 'text' },
  processDefinitionId: { column: 'process_definition_id', kind: 'id' },
  processInstanceId: { column: 'process_instance_id', kind: 'id' },
  submitTime: { column: 'submit_time', kind: 'datetime' },
} as const;
export type ApprovalField = keyof typeof APPROVAL_FIELDS;

/** Messages of the approval kit (BUSINESS.md §1). */
export const APPROVAL_MSG = {
  noChange: '审批中或已通过的数据不能修改',
  noRemove: '审批中或已通过的数据不能删除',
  noStart: '审批中或已通过的数据不能重新提交',
  notDeployed: '流程尚未部署,请联系管理员',
  missing: '数据不存在或已被删除',
} as const;

/** Whether a record at this status may be changed, removed or started again (not under approval, not approved). */
export function approvalOpen(status: unknown): boolean {
  const s = Number(status);
  return s !== APPROVAL_STATUS.approving && s !== APPROVAL_STATUS.approved;
}

/** The business key of a record's process instance: `<table>:<id>`. */
export const approvalBusinessKey = (table: string, id: string) => `${table}:${id}`;

/** The table and id of a business key, or undefined. */
export function parseBusinessKey(key: string | null | undefined): { table: string; id: string } | undefined {
  const m = /^([a-z][a-z0-9_]*):(\d+)$/.exec(key ?? '');
  return m ? { table: m[1]!, id: m[2]! } : undefined;
}

/** The process title of a record from a template (ApprovalDef.title); unknown placeholders are left out. */
export function approvalTitle(template: string | undefined, values: Record<string, unknown>): string {
  const text = (template ?? '{userName}的{label}').replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = values[k];
    return v === undefined || v === null ? '' : String(v);
  });
  return text.slice(0, 255);
}
