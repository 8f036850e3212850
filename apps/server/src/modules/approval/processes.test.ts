/**
 * The demo business processes (APPROVAL_PROCESSES; BUSINESS.md WP1): each is deployed in the demo tenant in a real
 * workflow category with its route key, opens its business form (S1 L33), and runs end to end — started by 张伟,
 * every task approved by a demo user who holds the node's post or role (never the administrator) — below and above
 * its money threshold (总经理审批 only above), the cashier's finalStep last for two-step forms.
 */
import { APPROVAL_PROCESSES, APPROVERS, approvalFormUrl, LEAVE_PROCESS_KEY, type ApprovalProcess } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProcesses } from '../../seed/processes.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
const T = '000000';
const users = new Map<string, { id: string; account: string; groups: Set<string> }>();
let applicant = '';

beforeAll(async () => {
  t = await createTestApp();
  const wf = t.app.workflow;
  for (const r of await t.database.raw(`SELECT id::text AS id, account FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND account <> 'admin'`, [T])) {
    const id = String(r.id);
    users.set(id, { id, account: String(r.account), groups: new Set(await wf.identity.groupsOf(wf.db, T, id)) });
  }
  applicant = [...users.values()].find((u) => u.account === 'zhangwei')!.id;
});
afterAll(() => t.close());

/** Starts the process and approves every task by a demo user who may; answers the node names passed. */
async function runThrough(proc: ApprovalProcess, money: string): Promise<string[]> {
  const engine = t.app.workflow.engine;
  const { processInstanceId } = await engine.startProcess(T, { id: applicant }, { processKey: proc.key, variables: { money, title: '演示' } });
  const passed: string[] = [];
  for (let guard = 0; guard < 10; guard++) {
    const [task] = await engine.tasks(T, processInstanceId);
    if (!task) break;
    const who = task.assignee
      ? users.get(task.assignee)
      : [...users.values()].find((u) => task.candidateUsers.includes(u.id) || task.candidateGroups.some((g) => u.groups.has(g)));
    expect(who, `${proc.key}: nobody of the demo company may approve ${task.name}`).toBeTruthy();
    const finalStep = task.taskDefKey === 'cashierTask' ? { payAccount: '6222 0000 1111', payTime: '2026-12-20' } : {};
    await engine.approve(T, task, { id: who!.id }, { comment: '同意', variables: finalStep });
    passed.push(`${task.name}:${who!.account}`);
  }
  const h = await engine.processInstance(T, processInstanceId);
  expect(h?.status, proc.key).toBe('finished');
  return passed;
}

describe('demo business processes', () => {
  it('every process key is deployed once, in a real category, with its business form and route key', async () => {
    const defs = await t.database.raw(
      `SELECT d.key, d.name, d.category, c.name AS category_name FROM blade_wf_procdef d
       LEFT JOIN blade_wf_category c ON c.id::text = d.category AND c.tenant_id = d.tenant_id AND c.is_deleted = 0 WHERE d.tenant_id = $1`,
      [T],
    );
    const byKey = new Map(defs.map((d) => [String(d.key), d]));
    expect(APPROVAL_PROCESSES.length).toBeGreaterThanOrEqual(38);
    expect(new Set(APPROVAL_PROCESSES.map((p) => p.key)).size).toBe(APPROVAL_PROCESSES.length);
    for (const proc of [...APPROVAL_PROCESSES, { key: LEAVE_PROCESS_KEY, name: '请假流程', category: ['行政审批', '请假'] }]) {
      const d = byKey.get(proc.key);
      expect(d, proc.key).toMatchObject({ name: proc.name, category_name: proc.category.at(-1) });
    }
    expect(defs.filter((d) => d.key === 'hjl_make_payment')).toHaveLength(1);
    const routes = await t.database.raw(
      `SELECT dict_key, dict_value, remark FROM blade_dict_biz WHERE tenant_id = $1 AND code = 'wf_route' AND parent_id <> 0`,
      [T],
    );
    expect(routes).toHaveLength(APPROVAL_PROCESSES.length);
    expect(routes.find((r) => r.dict_key === 'makePayment')).toEqual({ dict_key: 'makePayment', dict_value: '付款', remark: 'hjl_make_payment' });
    // The start form is the business form url: the web opens it with ?p= (S1 L33); the cashier's node its finalStep.
    const admin = (await t.login()).access_token!;
    for (const proc of APPROVAL_PROCESSES.filter((p) => ['makePayment', 'applyPayment', 'labor/second'].includes(p.form))) {
      const r = await t.call(admin, { method: 'GET', url: '/api/blade-workflow/process/getFormByProcessDefKey', query: { processDefKey: proc.key } });
      expect(r.body.data, proc.key).toMatchObject({ formKey: approvalFormUrl(proc) });
    }
    expect(approvalFormUrl(APPROVAL_PROCESSES.find((p) => p.form === 'applyPayment')!)).toBe('/workflow/applyPayment/startStep');
    const model = await t.app.workflow.engine.model(String((await t.app.workflow.engine.latestDefinition(T, 'hjl_apply_payment'))!.id));
    expect(model.nodes.get('cashierTask')?.userTask?.formKey).toBe('/workflow/applyPayment/finalStep');
  });

  it('made on start only when missing: a second start deploys nothing and keeps a route an administrator re-pointed', async () => {
    const counts = async () =>
      (
        await t.database.raw(
          `SELECT (SELECT count(*) FROM blade_wf_procdef WHERE tenant_id = $1)::int AS defs,
                  (SELECT count(*) FROM blade_dict_biz WHERE tenant_id = $1 AND code = 'wf_route')::int AS routes`,
          [T],
        )
      )[0];
    const route = `UPDATE blade_dict_biz SET remark = $2 WHERE tenant_id = $1 AND code = 'wf_route' AND dict_key = 'makePayment'`;
    await t.database.raw(route, [T, 'hjl_apply_payment']);
    try {
      const before = await counts();
      await seedProcesses(t.database, t.config, T);
      expect(await counts()).toEqual(before);
      const [r] = await t.database.raw(`SELECT remark FROM blade_dict_biz WHERE tenant_id = $1 AND code = 'wf_route' AND dict_key = 'makePayment'`, [T]);
      expect(r).toEqual({ remark: 'hjl_apply_payment' });
    } finally {
      await t.database.raw(route, [T, 'hjl_make_payment']);
    }
  });

  it.each(APPROVAL_PROCESSES.map((p) => [p.key, p] as const))('%s runs end to end, approved by the demo company', async (_key, proc) => {
    const chain = [...proc.steps.map((k) => APPROVERS[k].name), ...(proc.twoStep ? [APPROVERS.cashier.name] : [])];
    const names = (passed: string[]) => passed.map((p) => p.split(':')[0]);
    const below = await runThrough(proc, proc.threshold ? `${proc.threshold}.00` : '100.00');
    expect(names(below)).toEqual(chain);
    expect(below.every((p) => !p.endsWith(':admin'))).toBe(true);
    if (proc.threshold) {
      const above = await runThrough(proc, `${proc.threshold}.01`);
      const withGm = proc.steps.includes('gm')
        ? chain
        : [...proc.steps.map((k) => APPROVERS[k].name), APPROVERS.gm.name, ...(proc.twoStep ? [APPROVERS.cashier.name] : [])];
      expect(names(above)).toEqual(withGm);
    }
  });
});
