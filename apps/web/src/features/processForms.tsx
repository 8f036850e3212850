/**
 * The business forms of the processes (features/workflow/process/formRegistry.ts): one entry per form url or
 * external form. A business area adds its forms here and nowhere else, one entry each, e.g.
 *
 *   { url: '/workflow/makePayment', processKey: 'makePayment', def: applyPaymentEntity },
 *   { url: '/workflow/applyPayment', processKey: 'applyPayment', def: applyPaymentEntity,
 *     steps: { finalStep: lazy(() => import('./finance/PaymentStep')) } },
 *   { url: '/workflow/payTheDeposit', processKey: 'payTheDeposit', def: depositEntity, types: DEPOSIT_TYPES, typeField: 'depositType',
 *     drawer: { approvalTab: 'payment', approval: lazy(() => import('./deposit/DepositPaymentDetail')) } },
 *
 * A definition alone gives the start form (its form fields, posting `<api>/start`) and the record view; `start`,
 * `record` and `steps` replace or add pages of the area's own.
 */
import { LEAVE_PROCESS_KEY, leaveEntity } from '@hjl/core';
import { lazy } from 'react';
import type { ProcessForm } from './workflow/process/formTypes';

export const processForms: ProcessForm[] = [
  // 请假 (wf_ex_leave): the leave pages of its own.
  {
    suffix: 'leave',
    processKey: LEAVE_PROCESS_KEY,
    def: leaveEntity,
    start: lazy(() => import('./workflow/leave/LeaveStartForm')),
    record: lazy(() => import('./workflow/leave/LeaveRecord')),
  },
];
