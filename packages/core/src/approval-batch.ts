/**
 * Batch approval (S2 L449, L471): one process instance for several approvable records of one kind (a month's
 * salary records, pending accounts); the records follow the batch's status. The batch row is itself an approvable
 * record (its approval columns hold the instance and the status); its process is the one the records' kind names for
 * batches (the server's `batch` option of the approval kit).
 */
import { defineEntity } from './entity.ts';

export const batchApprovalEntity = defineEntity({
  name: 'hjl_batch_approval',
  table: 'hjl_batch_approval',
  api: '/api/business/hjlBatchApproval',
  path: '/workflow/batchApproval',
  label: { zh: '批量审批', en: 'Batch approvals' },
  // detailByProcess and detailByProcessInstanceId are the kit's own routes; batches are made by the records' kind.
  routes: [],
  approval: { processKey: 'hjl_batch_approval' },
  fields: {
    bizType: { type: 'string', max: 64, label: { zh: '业务类型', en: 'Kind' }, list: true, filterable: true },
    title: { type: 'string', max: 255, label: { zh: '标题', en: 'Title' }, list: true },
    recordIds: { type: 'text', label: { zh: '业务数据', en: 'Records' }, form: false },
    recordCount: { type: 'int', label: { zh: '条数', en: 'Count' }, list: true },
    totalMoney: { type: 'money', label: { zh: '总金额', en: 'Total' }, list: true },
  },
});
