/**
 * The workflow as a BladeX client and a new user meet it (docs/compatibility.md): the open BladeX flow calls (leave
 * start-process, history-flow-list, diagram-view, resource-view, check-upload, model/list, the `flow`
 * dictionary), the spec's design paths and the plugin's list names, the start list's fields, the category tree
 * for every list page's users, the leave process in a real category, and the status of a rollback.
 */
import { APPROVAL_PROCESSES } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant, userIds } from '../../testing/db.ts';
import { dataOf, users, WF } from '../../testing/http.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t, { blankPayload: {} });
const ids: Record<string, string> = {};
const FLOW = '/api/blade-flow';

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const TWO_STEPS = `<definitions ${NS}><process id="bx_two" name="两步审批">
  <startEvent id="start" name="开始"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
  <userTask id="a" name="第一步" flowable:assignee="lihong"/><sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
  <userTask id="b" name="第二步" flowable:assignee="wangjianguo"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  <endEvent id="end" name="结束"/></process></definitions>`;

const category = async (code: string) =>
  String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_category WHERE tenant_id = '000000' AND code = $1 AND is_deleted = 0`, [code]))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('zhangwei', 'lihong', 'wangjianguo', 'admin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  await t.app.workflow.engine.deploy('000000', TWO_STEPS, { category: await category('project_setup') });
});
afterAll(() => t.close());

describe('BladeX flow calls', () => {
  it('leave/start-process starts a leave as start does', async () => {
    const out = await dataOf(
      post('zhangwei', '/api/blade-desk/process/leave/start-process', {
        leaveType: 1,
        startTime: '2026-12-01',
        endTime: '2026-12-02',
        reason: '家中有事',
        taskUser: ids.lihong,
      }),
    );
    expect(out).toMatchObject({ days: 2, processDefinitionKey: 'Leave' });
    expect((await t.app.workflow.engine.tasks('000000', out.processInstanceId)).map((x) => x.assignee)).toEqual([ids.lihong]);
  });

  it('history-flow-list, diagram-view (an image, also with ?blade-auth=) and resource-view', async () => {
    const p = (await dataOf(post('zhangwei', `${WF}/startProcess`, { processDefKey: 'bx_two' }))).processInstanceId as string;
    const [a] = await t.app.workflow.engine.tasks('000000', p);
    await dataOf(post('lihong', `${WF}/completeTask`, { taskId: a!.id, pass: true, comment: '同意' }));

    const flow = await dataOf(get('zhangwei', `${FLOW}/process/history-flow-list`, { processInstanceId: p }));
    expect(flow.map((r: { historyActivityId: string }) => r.historyActivityId)).toEqual(['start', 'a', 'b']);
    expect(flow[1]).toMatchObject({ historyActivityName: '第一步', assigneeName: '李红', comment: '同意', processInstanceId: p });
    expect((await get('b', `${FLOW}/process/history-flow-list`, { processInstanceId: p })).body).toMatchObject({ code: 400, msg: '流程实例不存在' });

    const image = await t.call(undefined, {
      method: 'GET',
      url: `${FLOW}/process/diagram-view`,
      query: { processInstanceId: p, 'blade-auth': `bearer ${tok.zhangwei}` },
    });
    expect(image.status).toBe(200);
    expect(image.res.headers['content-type']).toContain('image/svg+xml');
    const svg = String(image.res.body);
    // Finished nodes green, the current one blue, taken flows orange.
    expect(svg).toMatch(/data-element-id="a"[^>]*stroke="#52c41a"/);
    expect(svg).toMatch(/data-element-id="b"[^>]*stroke="#1890ff"/);
    expect(svg).toMatch(/data-element-id="f2"[^>]*stroke="#fa8c16"/);
    expect((await get('b', `${FLOW}/process/diagram-view`, { processInstanceId: p })).status).toBe(400);

    const def = a!.processDefinitionId;
    const xml = await get('zhangwei', `${FLOW}/process/resource-view`, { processDefinitionId: def, resourceType: 'xml' });
    expect(xml.res.headers['content-type']).toContain('application/xml');
    expect(String(xml.res.body)).toContain('<process id="bx_two"');
    const pic = await get('zhangwei', `${FLOW}/process/resource-view`, { processDefinitionId: def, resourceType: 'image' });
    expect(String(pic.res.body)).toMatch(/^<svg[\s\S]*data-element-id="a"/);
    expect((await get('zhangwei', `${FLOW}/process/resource-view`, { processDefinitionId: def, resourceType: 'pdf' })).body).toMatchObject({
      code: 400,
      msg: '资源类型只能是 xml 或 image',
    });
    expect((await get('b', `${FLOW}/process/resource-view`, { processDefinitionId: def })).body).toMatchObject({ code: 400, msg: '流程定义不存在' });
  });

  it('manager/check-upload tells whether a file would deploy', async () => {
    const check = async (filename: string, content: string) => {
      const mp = multipart({}, [{ name: 'file', filename, content: Buffer.from(content), contentType: 'text/xml' }]);
      return dataOf(t.call(tok.admin, { method: 'POST', url: `${FLOW}/manager/check-upload`, payload: mp.payload, headers: mp.headers }));
    };
    expect(await check('two.bpmn20.xml', TWO_STEPS)).toEqual({ name: 'two.bpmn20.xml', success: true });
    const bad = await check('bad.bpmn', `<definitions ${NS}><process id="bad"><startEvent id="s"/><scriptTask id="x"/></process></definitions>`);
    expect(bad).toMatchObject({ name: 'bad.bpmn', success: false });
    expect(bad.msg).toContain('x');
    expect(await check('notes.txt', 'x')).toMatchObject({ success: false });
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${FLOW}/manager/check-upload` })).body.code).toBe(403);
  });

  it('model/list answers the models that exist (the leave process is one), filed under 请假', async () => {
    const leave = await category('leave');
    for (const url of [`${FLOW}/model/list`, '/api/blade-workflow/design/model/list']) {
      const page = await dataOf(get('admin', url, { current: '1', size: '10' }));
      expect(
        page.records.find((m: { modelKey: string }) => m.modelKey === 'Leave'),
        url,
      ).toMatchObject({ name: '请假流程', categoryId: leave, deployedVersion: 1 });
    }
    expect((await dataOf(get('b', `${FLOW}/model/list`))).total).toBe(0);
  });

  it('the flow dictionary maps the categories (id → name) of the caller’s tenant', async () => {
    const flow = await dataOf(get('zhangwei', '/api/blade-system/dict/dictionary', { code: 'flow' }));
    const leave = await category('leave');
    expect(flow.find((d: { dictKey: string }) => d.dictKey === leave)).toMatchObject({ dictValue: '请假', code: 'flow', remark: 'leave' });
    expect(flow.map((d: { dictValue: string }) => d.dictValue)).toEqual(expect.arrayContaining(['行政审批', '请假', '财务审批', '费用报销']));
    expect(await dataOf(get('b', '/api/blade-system/dict/dictionary', { code: 'flow' }))).toEqual([]);
  });
});

describe('paths and fields of the specs', () => {
  it('design/deployment, design/form/default-values and design/model/scope are the same calls', async () => {
    for (const [spec, ours] of [
      ['/api/blade-workflow/design/deployment/list', '/api/blade-workflow/deployment/list'],
      ['/api/blade-workflow/design/form/default-values/list', '/api/blade-workflow/design/form-default-values/list'],
      ['/api/blade-workflow/design/model/scope/list', '/api/blade-workflow/design/model-scope/list'],
    ]) {
      const a = await dataOf(get('admin', spec!));
      expect(a, spec).toEqual(await dataOf(get('admin', ours!)));
    }
    expect((await get('zhangwei', '/api/blade-workflow/design/deployment/list')).body.code).toBe(403);
  });

  it('the plugin list names answer the lists; processList the start list', async () => {
    for (const [alias, ours] of [
      ['todoList', 'todo'],
      ['claimList', 'claim'],
      ['sendList', 'send'],
      ['doneList', 'done'],
      ['myDoneList', 'myDone'],
      ['copyList', 'copy'],
      ['processList', 'list'],
    ])
      expect(await dataOf(get('zhangwei', `${WF}/${alias}`)), alias).toEqual(await dataOf(get('zhangwei', `${WF}/${ours}`)));
  });

  it('the start list says deployTime also as deploymentTime, with the category’s name; a category takes those below it', async () => {
    const [office, leave, finance, hr] = [await category('office'), await category('leave'), await category('finance'), await category('hr')];
    const all = (await dataOf(get('zhangwei', `${WF}/list`, { size: '100' }))).records;
    const row = all.find((r: { key: string }) => r.key === 'Leave');
    expect(row).toMatchObject({ category: leave, categoryName: '请假' });
    expect(row.deploymentTime).toBe(row.deployTime);
    // The demo business processes (seed/processes.ts) are filed by the category path of APPROVAL_PROCESSES.
    const demo = (top: string, child?: string) =>
      APPROVAL_PROCESSES.filter((p) => p.category[0] === top && (!child || p.category[1] === child)).map((p) => p.key);
    expect(all.find((r: { key: string }) => r.key === 'hjl_audit_seal')).toMatchObject({ categoryName: '用印' });
    const keys = async (c: string) =>
      (await dataOf(get('zhangwei', `${WF}/list`, { category: c, size: '100' }))).records.map((r: { key: string }) => r.key).sort();
    expect(await keys(office)).toEqual(['Leave', ...demo('行政审批')].sort());
    expect(await keys('office')).toEqual(['Leave', ...demo('行政审批')].sort());
    expect(await keys(leave)).toEqual(['Leave']);
    expect(await keys(await category('seal'))).toEqual(demo('行政审批', '用印').sort());
    expect(await keys(finance)).toEqual(demo('财务审批').sort());
    expect(await keys(hr)).toEqual(demo('人事审批').sort());
    const managed = (await dataOf(get('admin', `${FLOW}/manager/list`, { category: office, size: '100' }))).records;
    expect(managed.map((r: { key: string }) => r.key).sort()).toEqual(['Leave', ...demo('行政审批')].sort());
    expect(managed.find((r: { key: string }) => r.key === 'Leave')).toMatchObject({ categoryName: '请假' });
  });

  it('every list page’s user may read the category tree (a staff member too); the category menu still guards the rest', async () => {
    const tree = await dataOf(get('zhangwei', '/api/blade-workflow/design/category/tree'));
    expect(tree.map((n: { title: string }) => n.title)).toEqual(['行政审批', '财务审批', '项目审批', '人事审批']);
    expect(tree[0].children[0]).toMatchObject({ title: '请假', code: 'leave' });
    expect((await get('zhangwei', '/api/blade-workflow/design/category/allTree')).body.code).toBe(200);
    expect((await get('zhangwei', '/api/blade-workflow/design/category/list')).body.code).toBe(403);
    expect((await post('zhangwei', '/api/blade-workflow/design/category/submit', { name: 'x' })).body.code).toBe(403);
  });
});

describe('rollbacks in the lists', () => {
  it('back to an earlier approver the process runs on (not 已驳回); back to the start the starter corrects and resubmits', async () => {
    const p = (await dataOf(post('zhangwei', `${WF}/startProcess`, { processDefKey: 'bx_two' }))).processInstanceId as string;
    const task = async () => (await t.app.workflow.engine.tasks('000000', p))[0]!;
    const status = async () => (await dataOf(get('zhangwei', `${WF}/send`, { processInstanceId: p }))).records[0].processIsFinished;
    await dataOf(post('lihong', `${WF}/completeTask`, { taskId: (await task()).id, pass: true, comment: '同意' }));
    expect((await post('wangjianguo', `${WF}/rollbackTask`, { taskId: (await task()).id, nodeId: 'a', comment: '请再核对' })).body).toMatchObject({
      code: 200,
      msg: '回退成功',
    });
    expect(await status()).toBe('unfinished');
    expect((await task()).taskDefKey).toBe('a');

    // 回退 to 开始: the task returns to the starter, who corrects it and submits it again.
    const back = await dataOf(get('lihong', `${WF}/getBackNodes`, { taskId: (await task()).id }));
    expect(back.map((n: { nodeId: string }) => n.nodeId)).toEqual(['start']);
    expect((await post('lihong', `${WF}/rollbackTask`, { taskId: (await task()).id, nodeId: 'start', comment: '重填' })).body.msg).toBe('回退成功');
    expect(await status()).toBe('reject');
    const mine = (await dataOf(get('zhangwei', `${WF}/todo`, { processInstanceId: p }))).records;
    expect(mine).toMatchObject([{ taskDefinitionKey: 'start', processIsFinished: 'reject' }]);
    await dataOf(post('zhangwei', `${WF}/completeTask`, { taskId: mine[0].taskId, pass: true, comment: '已更正', variables: { amount: 100 } }));
    expect(await status()).toBe('unfinished');
    expect(await task()).toMatchObject({ taskDefKey: 'a', assignee: ids.lihong });
    expect((await t.app.workflow.engine.variables('000000', p)).amount).toBe(100);
  });
});
