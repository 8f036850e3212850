import { defineEntity } from '@hjl/core';
import { describe, expect, it } from 'vitest';
import { approvalViewOf, unregisterApprovalView } from '../../../components/ApprovalDrawer';
import { formRoutes } from '../../../app/processForms';
import { registerDrawerViews } from '../../../app/processForms';
import { formOfDetail, formOfProcessKey, formOfSuffix, matchFormUrl, recordIdOf, startKeyOf, type ProcessForm } from './formRegistry';
import type { ProcessDetail } from './api';

const payDef = defineEntity({
  name: 'hjl_apply_payment',
  table: 'hjl_apply_payment',
  api: '/api/business/hjlApplyPayment',
  path: '/finance/applyPayment',
  routes: ['list', 'detail'],
  label: { zh: '付款申请', en: 'Payment requests' },
  fields: { title: { type: 'string', label: { zh: '事由', en: 'Purpose' } } },
});
const Step = () => null;
const forms: ProcessForm[] = [
  { url: '/workflow/makePayment', processKey: 'makePayment', def: payDef },
  { url: '/workflow/applyPayment', processKey: ['applyPayment', 'applyPaymentBig'], def: payDef, steps: { startStep: Step, finalStep: Step } },
  { url: '/workflow/payTheDeposit', processKey: 'payTheDeposit', types: { 1: { zh: '投标保证金', en: 'Bid' }, 2: { zh: '履约保证金', en: 'Performance' } } },
  { suffix: 'leave', processKey: 'Leave' },
];
const [make, apply, deposit, leave] = forms;

/** A detail answer: `process.formKey` is the open task's node form key (null without a task). */
const detail = (nodeFormKey: string | null, processKey: string, designKey?: string): ProcessDetail =>
  ({
    process: { processDefinitionKey: processKey, businessKey: 'hjl_apply_payment:123', formKey: nodeFormKey },
    form: { variables: {}, formKey: designKey },
  }) as unknown as ProcessDetail;

describe('the form registry', () => {
  it('matches a form url, its steps and its {type} variants, nothing else', () => {
    expect(matchFormUrl('/workflow/makePayment', forms)).toEqual({ form: make });
    expect(matchFormUrl('/workflow/makePayment/', forms)).toEqual({ form: make });
    expect(matchFormUrl('/workflow/applyPayment/finalStep', forms)).toEqual({ form: apply, step: 'finalStep' });
    expect(matchFormUrl('/workflow/payTheDeposit/2', forms)).toEqual({ form: deposit, type: '2' });
    expect(matchFormUrl('/workflow/payTheDeposit/9', forms)).toBeUndefined();
    expect(matchFormUrl('/workflow/applyPayment/other', forms)).toBeUndefined();
    // A demo model names <url>/startStep and <url>/finalStep even where the area has no step form of that name.
    expect(matchFormUrl('/workflow/makePayment/startStep', forms)).toEqual({ form: make, step: 'startStep' });
    expect(matchFormUrl('/workflow/payTheDeposit/finalStep', forms)).toEqual({ form: deposit, step: 'finalStep' });
    expect(matchFormUrl('/workflow/makePaymentX', forms)).toBeUndefined();
    expect(matchFormUrl('/workflow/applyPayment/finalStep/x', forms)).toBeUndefined();
  });

  it('finds external forms by suffix and forms by any of their process keys', () => {
    expect(formOfSuffix('leave', forms)).toBe(leave);
    expect(formOfProcessKey('applyPaymentBig', forms)).toBe(apply);
    expect(formOfProcessKey('nothing', forms)).toBeUndefined();
    expect(startKeyOf(apply!)).toBe('applyPayment');
  });

  it("a task's node form key chooses its step; else the address's step; else the process key's form", () => {
    expect(formOfDetail(detail('/workflow/applyPayment/finalStep', 'applyPaymentBig'), undefined, forms)).toEqual({ form: apply, step: 'finalStep' });
    expect(formOfDetail(detail(null, 'applyPayment', 'finance_form'), { form: apply!, step: 'finalStep' }, forms)).toEqual({ form: apply, step: 'finalStep' });
    expect(formOfDetail(detail('finance_form', 'makePayment'), undefined, forms)).toEqual({ form: make });
    // An address naming another process's form does not apply.
    expect(formOfDetail(detail(null, 'makePayment'), { form: apply!, step: 'finalStep' }, forms)).toEqual({ form: make });
    expect(formOfDetail(detail(null, 'other'), undefined, forms)).toBeUndefined();
  });

  it("a step named as the task's node id applies where the node has no form key (a claim's financeTask)", () => {
    const claim: ProcessForm = { url: '/workflow/applyExpence', processKey: 'hjl_apply_expense', def: payDef, steps: { financeTask: Step } };
    const at = (node: string | null) =>
      ({
        process: { processDefinitionKey: 'hjl_apply_expense', businessKey: 'hjl_apply_expense:1', formKey: null, taskDefinitionKey: node },
        form: { variables: {} },
      }) as unknown as ProcessDetail;
    expect(formOfDetail(at('financeTask'), undefined, [claim])).toEqual({ form: claim, step: 'financeTask' });
    expect(formOfDetail(at('deptTask'), undefined, [claim])).toEqual({ form: claim });
    expect(formOfDetail(at(null), undefined, [claim])).toEqual({ form: claim });
  });

  it('routes each form url and its segment (steps, variants), titled by its definition', () => {
    expect(formRoutes(forms)).toEqual([
      { path: '/workflow/makePayment', title: payDef.label },
      { path: '/workflow/makePayment/:segment', title: payDef.label },
      { path: '/workflow/applyPayment', title: payDef.label },
      { path: '/workflow/applyPayment/:segment', title: payDef.label },
      { path: '/workflow/payTheDeposit', title: undefined },
      { path: '/workflow/payTheDeposit/:segment', title: undefined },
    ]);
  });

  it("gives the approval drawer each form's view under every process key of the form", () => {
    const Detail = () => null;
    registerDrawerViews([{ url: '/workflow/repayment', processKey: ['repayA', 'repayB'], drawer: { repayment: Detail, approvalTab: 'payment' } }]);
    try {
      for (const key of ['repayA', 'repayB']) expect(approvalViewOf(key)).toMatchObject({ repayment: Detail, repaymentTab: true, approvalTab: 'payment' });
    } finally {
      unregisterApprovalView('repayA');
      unregisterApprovalView('repayB');
    }
  });

  it('reads the record id from a business key', () => {
    expect(recordIdOf('hjl_apply_payment:123')).toBe('123');
    expect(recordIdOf('123')).toBe('123');
    expect(recordIdOf('blade_process_leave:9')).toBe('9');
    expect(recordIdOf('x:abc')).toBeUndefined();
    expect(recordIdOf(null)).toBeUndefined();
  });
});
