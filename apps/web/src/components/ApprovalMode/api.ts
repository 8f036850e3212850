/** The approval mode's calls: submit a record for approval (`<api>/start`) and withdraw one's own request. */
import type { EntityDef } from '@hjl/core';
import { post } from '../../app/api';

/** The workflow's withdraw call (docs/workflow.md: the starter, until someone else acted). */
export const WITHDRAW_URL = '/api/blade-workflow/process/withdrawTask';

/**
 * Saves and starts the approval of a record in one call (`<api>/start`): the record's fields, or `{ id }` for
 * 提交 / 重新提交 of a stored one; optional copyUser, attachment, processDefinitionId.
 */
export const startApproval = (def: Pick<EntityDef, 'api'>, body: Record<string, unknown>) => post(`${def.api}/start`, body);

/** 撤回: the starter takes back a request nobody has handled yet (an optional comment). */
export const withdrawRequest = (processInstanceId: string, comment?: string) => post(WITHDRAW_URL, { processInstanceId, ...(comment ? { comment } : {}) });
