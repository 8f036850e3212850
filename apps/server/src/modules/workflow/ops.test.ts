/**
 * The operations console, process monitoring and deployments: comma lists of ids, a code per action, the
 * caller's tenant only (another tenant's ids change nothing), uploads of BPMN files (to other tenants by the
 * platform administrator only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { users, WF } from '../../testing/http.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
const { tok, call, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const OPS = '/api/blade-workflow/ops';

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const TWO_STEPS = (key: string) => `<definitions ${NS}><process id="${key}" name="两步审批">
  <startEvent id="start" name="开始"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
  <userTask id="a" name="第一步" flowable:assignee="\${first}"/><sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
  <userTask id="b" name="第二步" flowable:assignee="\${second}"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  <endEvent id="end" name="结束"/></process></definitions>`;

const start = async () => {
  const r = await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'two_steps', first: ids.lihong, second: ids.chenjing });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.processInstanceId as string;
};
const openTasks = async (procInstId: string) => t.app.workflow.engine.tasks('000000', procInstId);
/** Everything the engine keeps of tenant 000000, to prove another tenant changed nothing. */
const fingerprint = async () =>
  (
    await t.database.raw(`SELECT (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM blade_wf_task x WHERE tenant_id = '000000') AS t,
    (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM blade_wf_hi_procinst x WHERE tenant_id = '000000') AS p,
    (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM blade_wf_procdef x WHERE tenant_id = '000000') AS d`)
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('zhangwei', 'lihong', 'wangjianguo', 'chenjing', 'liuyang', 'admin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  await t.app.workflow.engine.deploy('000000', TWO_STEPS('two_steps'), { category: 'test' });
});
afterAll(() => t.close());

describe('operations console', () => {
  it('needs its codes: a user without them is refused', async () => {
    for (const [m, url] of [
      ['GET', `${OPS}/list`],
      ['GET', `${OPS}/processList`],
      ['POST', `${OPS}/deleteProcess`],
      ['POST', `${OPS}/dispatchTask`],
      ['GET', '/api/blade-flow/manager/list'],
      ['POST', '/api/blade-workflow/deployment/remove'],
    ] as const) {
      expect((await call('zhangwei', m, url)).body, url).toMatchObject({ code: 403, msg: '请求被拒绝' });
    }
  });

  it('lists every task and instance of the tenant, with filters; another tenant sees none', async () => {
    const p = await start();
    const list = (await call('admin', 'GET', `${OPS}/list`, { processDefinitionKey: 'two_steps' })).body.data;
    expect(list.records.find((r: { processInstanceId: string }) => r.processInstanceId === p)).toMatchObject({
      taskName: '第一步',
      assigneeName: '李红',
      startUserName: '张伟',
    });
    expect((await call('admin', 'GET', `${OPS}/list`, { assigneeName: '李红', taskName: '第一步' })).body.data.total).toBeGreaterThanOrEqual(1);
    expect(
      (await call('admin', 'GET', `${OPS}/processList`, { startUserName: '张伟' })).body.data.records.some(
        (r: { processInstanceId: string }) => r.processInstanceId === p,
      ),
    ).toBe(true);
    expect((await call('admin', 'GET', '/api/blade-flow/follow/list')).body.data.total).toBeGreaterThanOrEqual(1);
    const nodes = (await call('admin', 'GET', `${OPS}/processNodes`, { processInstanceId: p })).body.data;
    expect(nodes.map((n: { nodeId: string }) => n.nodeId)).toEqual(['a', 'b', 'end']);
    expect((await call('b', 'GET', `${OPS}/list`)).body.data.total).toBe(0);
    expect((await call('b', 'GET', `${OPS}/processNodes`, { processInstanceId: p })).body).toMatchObject({ code: 400, msg: '流程实例不存在' });
  });

  it('completes a comma list of tasks; change assignee; transfer; suspend and activate', async () => {
    const [p1, p2] = [await start(), await start()];
    const [t1, t2] = [(await openTasks(p1))[0]!.id, (await openTasks(p2))[0]!.id];
    expect((await call('admin', 'POST', `${OPS}/completeTask`, { taskId: `${t1},${t2}` })).body).toMatchObject({ code: 400, msg: '请填写批复意见' });
    expect((await call('admin', 'POST', `${OPS}/completeTask`, { comment: 'x' })).body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    expect((await call('admin', 'POST', `${OPS}/completeTask`, { taskId: 'a,b', comment: 'x' })).body).toMatchObject({ code: 400, msg: '请求参数类型错误' });
    const done = await call('admin', 'POST', `${OPS}/completeTask`, { taskId: `${t1},${t2}`, comment: '运维代办', pass: true });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ code: 200, data: { count: 2 } });
    const s1 = (await openTasks(p1))[0]!;
    expect(s1).toMatchObject({ name: '第二步', assignee: ids.chenjing });
    expect((await call('admin', 'POST', `${OPS}/changeTaskAssignee`, { taskId: s1.id, assignee: 'liuyang' })).status).toBe(200);
    expect((await openTasks(p1))[0]!.assignee).toBe(ids.liuyang);
    expect((await call('admin', 'POST', `${OPS}/transferTask`, { taskId: s1.id, assignee: ids.wangjianguo })).body).toMatchObject({
      code: 200,
      msg: '转办成功',
    });
    expect((await openTasks(p1))[0]).toMatchObject({ assignee: ids.wangjianguo, owner: ids.liuyang });
    // Suspended: the holder cannot act until it is activated.
    expect((await call('admin', 'POST', `${OPS}/changeTaskStatus`, { processInstanceId: p1, status: 'x' })).status).toBe(400);
    expect((await call('admin', 'POST', `${OPS}/changeTaskStatus`, { processInstanceId: p1, status: 2 })).status).toBe(200);
    expect((await call('wangjianguo', 'POST', `${WF}/completeTask`, { taskId: s1.id, pass: true, comment: 'x' })).body).toMatchObject({
      code: 400,
      msg: '流程已挂起，不能办理',
    });
    expect((await call('admin', 'POST', `${OPS}/changeTaskStatus`, { processInstanceId: p1, status: 1 })).status).toBe(200);
    expect((await call('wangjianguo', 'POST', `${WF}/completeTask`, { taskId: s1.id, pass: true, comment: 'ok' })).status).toBe(200);
    expect((await call('admin', 'GET', `${OPS}/doneList`)).body.data.records.some((r: { processInstanceId: string }) => r.processInstanceId === p1)).toBe(true);
  });

  it('dispatch, rollback, delegate, copy, urge, terminate, delete', async () => {
    const p = await start();
    const a = (await openTasks(p))[0]!;
    expect((await call('admin', 'POST', `${OPS}/dispatchTask`, { processInstanceId: p })).body).toMatchObject({ code: 400, msg: '请选择调度节点' });
    expect((await call('admin', 'POST', `${OPS}/dispatchTask`, { processInstanceId: p, nodeId: 'b' })).status).toBe(200);
    const b = (await openTasks(p))[0]!;
    expect(b.name).toBe('第二步');
    expect((await call('admin', 'POST', `${OPS}/rollbackTask`, { taskId: b.id, nodeId: 'start' })).status).toBe(200);
    // Back at the start, the process waits for its starter to submit it again.
    expect(
      (await call('admin', 'GET', `${OPS}/processList`, { processIsFinished: 'reject' })).body.data.records.some(
        (r: { processInstanceId: string }) => r.processInstanceId === p,
      ),
    ).toBe(true);
    expect((await openTasks(p)).map((x) => [x.taskDefKey, x.assignee])).toEqual([['start', ids.zhangwei]]);
    expect(a.id).not.toBe(b.id);
    const q = await start();
    const qa = (await openTasks(q))[0]!;
    expect((await call('admin', 'POST', `${OPS}/delegateTask`, { taskId: qa.id, assignee: ids.liuyang })).body).toMatchObject({ code: 200, msg: '委托成功' });
    expect((await openTasks(q))[0]).toMatchObject({ assignee: ids.liuyang, owner: ids.lihong, delegationState: 'PENDING' });
    expect((await call('admin', 'POST', `${OPS}/copyTask`, { processInstanceId: q, copyUser: 'wangjianguo' })).body).toMatchObject({
      code: 200,
      msg: '抄送成功',
    });
    expect((await call('wangjianguo', 'GET', `${WF}/copy`)).body.data.total).toBe(1);
    expect((await call('admin', 'POST', `${OPS}/urgeTask`, { taskId: qa.id })).body).toMatchObject({ code: 200, msg: '催办成功' });
    expect((await call('admin', 'POST', `${OPS}/terminateProcess`, { processInstanceId: q })).body).toMatchObject({ code: 400, msg: '请填写终止意见' });
    expect((await call('admin', 'POST', `${OPS}/terminateProcess`, { processInstanceId: q, comment: '作废' })).status).toBe(200);
    const r = await start();
    expect((await call('admin', 'POST', `${OPS}/deleteProcess`, { processInstanceId: r })).body).toMatchObject({ code: 400, msg: '请填写删除原因' });
    expect(
      (await call('admin', 'POST', '/api/blade-flow/follow/delete-process-instance', { processInstanceId: r, deleteReason: '重复提交' })).body,
    ).toMatchObject({ code: 200, msg: '删除成功' });
    const send = (await call('zhangwei', 'GET', `${WF}/send`, { size: '50' })).body.data.records;
    expect(send.find((x: { processInstanceId: string }) => x.processInstanceId === q).processIsFinished).toBe('terminate');
    expect(send.find((x: { processInstanceId: string }) => x.processInstanceId === r).processIsFinished).toBe('deleted');
  });

  it('another tenant’s administrator changes nothing with this tenant’s ids', async () => {
    const p = await start();
    const task = (await openTasks(p))[0]!;
    const before = await fingerprint();
    for (const [url, data] of [
      ['completeTask', { taskId: task.id, comment: 'x' }],
      ['changeTaskStatus', { processInstanceId: p, status: 2 }],
      ['changeTaskAssignee', { taskId: task.id, assignee: 'admin' }],
      ['transferTask', { taskId: task.id, assignee: 'admin' }],
      ['delegateTask', { taskId: task.id, assignee: 'admin' }],
      ['copyTask', { processInstanceId: p, copyUser: 'admin' }],
      ['urgeTask', { processInstanceId: p }],
      ['terminateProcess', { processInstanceId: p, comment: 'x' }],
      ['rollbackTask', { taskId: task.id, nodeId: 'start' }],
      ['dispatchTask', { processInstanceId: p, nodeId: 'end' }],
      ['addMultiInstance', { taskId: task.id, assignee: 'admin' }],
      ['deleteMultiInstance', { taskId: task.id }],
      ['deleteProcess', { processInstanceId: p, comment: 'x' }],
    ] as const) {
      const res = await call('b', 'POST', `${OPS}/${url}`, data);
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(400);
    }
    const [d] = await t.database.raw(`SELECT id::text AS id, deployment_id::text AS dep FROM blade_wf_procdef WHERE key = 'two_steps'`);
    expect((await call('b', 'POST', '/api/blade-flow/manager/change-state', { processId: d!.id, state: 'suspend' })).status).toBe(400);
    expect((await call('b', 'POST', '/api/blade-flow/manager/delete-deployment', { deploymentIds: d!.dep })).status).toBe(400);
    expect((await call('b', 'POST', '/api/blade-workflow/deployment/changeCategory', { ids: d!.dep, category: 'x' })).status).toBe(400);
    expect((await call('b', 'GET', '/api/blade-workflow/deployment/list')).body.data.total).toBe(0);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('deployments', () => {
  const upload = (who: string, fields: Record<string, string>, files: { filename: string; content: string }[]) => {
    const mp = multipart(
      fields,
      files.map((f) => ({ name: 'files', filename: f.filename, content: Buffer.from(f.content), contentType: 'text/xml' })),
    );
    return t.call(tok[who], { method: 'POST', url: '/api/blade-flow/manager/deploy-upload', payload: mp.payload, headers: mp.headers });
  };

  it('uploads BPMN files; bad ones are refused with the element named; other tenants only by the platform administrator', async () => {
    expect((await call('admin', 'POST', '/api/blade-flow/manager/deploy-upload')).body).toMatchObject({ code: 400, msg: '请上传流程文件' });
    const bad = await upload('admin', { category: 'test' }, [
      { filename: 'bad.bpmn', content: `<definitions ${NS}><process id="bad"><startEvent id="s"/><scriptTask id="x"/></process></definitions>` },
    ]);
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('x');
    expect((await upload('admin', {}, [{ filename: 'a.txt', content: 'x' }])).body.code).toBe(400);
    const ok = await upload('admin', { category: 'hr', tenantIds: '000000,100001' }, [{ filename: 'up.bpmn20.xml', content: TWO_STEPS('uploaded') }]);
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200, msg: '部署成功' });
    expect(ok.body.data.map((d: { tenantId: string }) => d.tenantId)).toEqual(['000000', '100001']);
    expect(await countRows(t.database, 'blade_wf_procdef', `key = 'uploaded'`)).toBe(2);
    expect((await upload('b', { tenantIds: '000000' }, [{ filename: 'x.bpmn', content: TWO_STEPS('sneaky') }])).body).toMatchObject({ code: 403 });
    expect((await upload('b', {}, [{ filename: 'x.bpmn', content: TWO_STEPS('own') }])).status).toBe(200);
    expect(await countRows(t.database, 'blade_wf_procdef', `key = 'sneaky'`)).toBe(0);
    expect(await countRows(t.database, 'blade_wf_procdef', `key = 'own' AND tenant_id = '100001'`)).toBe(1);
  });

  it('lists definitions and deployments; suspends, recategorises, removes (not while an instance runs)', async () => {
    const defs = (await call('admin', 'GET', '/api/blade-flow/manager/list', { key: 'uploaded' })).body.data;
    expect(defs).toMatchObject({ total: 1 });
    expect(defs.records[0]).toMatchObject({ key: 'uploaded', version: 1, category: 'hr', suspensionState: 1 });
    const def = defs.records[0];
    expect((await call('admin', 'POST', '/api/blade-flow/manager/change-state', { processId: def.id, state: 'x' })).status).toBe(400);
    expect((await call('admin', 'POST', '/api/blade-flow/manager/change-state', { processId: def.id, state: 'suspend' })).status).toBe(200);
    expect((await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'uploaded' })).body).toMatchObject({
      code: 400,
      msg: '流程定义已挂起，不能发起',
    });
    expect((await call('zhangwei', 'GET', `${WF}/list`)).body.data.records.some((r: { key: string }) => r.key === 'uploaded')).toBe(false);
    expect((await call('admin', 'POST', '/api/blade-workflow/deployment/changeStatus', { ids: def.deploymentId, status: 1 })).status).toBe(200);
    const p = (await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'uploaded', first: ids.lihong, second: ids.lihong })).body.data
      .processInstanceId;
    expect((await call('admin', 'POST', '/api/blade-workflow/deployment/changeCategory', { ids: def.deploymentId })).body).toMatchObject({
      code: 400,
      msg: '请选择流程分类',
    });
    expect((await call('admin', 'POST', '/api/blade-workflow/deployment/changeCategory', { ids: def.deploymentId, category: 'finance' })).status).toBe(200);
    const deps = (await call('admin', 'GET', '/api/blade-workflow/deployment/list', { category: 'finance' })).body.data;
    expect(deps.records[0]).toMatchObject({
      id: def.deploymentId,
      category: 'finance',
      deployUserName: '管理员',
      definitions: [expect.objectContaining({ key: 'uploaded' })],
    });
    expect((await call('admin', 'POST', '/api/blade-workflow/deployment/remove', { ids: def.deploymentId })).body).toMatchObject({
      code: 400,
      msg: '该部署的流程还有运行中的实例，不能删除',
    });
    expect((await call('admin', 'POST', `${OPS}/deleteProcess`, { processInstanceId: p, comment: '清理' })).status).toBe(200);
    expect((await call('admin', 'POST', '/api/blade-flow/manager/delete-deployment', { deploymentIds: def.deploymentId })).body).toMatchObject({
      code: 200,
      msg: '删除成功',
    });
    expect(await countRows(t.database, 'blade_wf_procdef', `key = 'uploaded' AND tenant_id = '000000'`)).toBe(0);
    expect(await countRows(t.database, 'blade_wf_procdef', `key = 'uploaded' AND tenant_id = '100001'`)).toBe(1);
  });
});
