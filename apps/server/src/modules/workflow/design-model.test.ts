import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsAs } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { readBpmn } from './design-bpmn.ts';
import { setModelDeployer, type FormSnapshot, type ModelDeployer } from './design-model.ts';

/** Records every deploy and answers ids as the engine would. */
class TestDeployer implements ModelDeployer {
  calls: { tenantId: string; xml: string; opts: { name: string; category?: string; forms: FormSnapshot[] } }[] = [];
  fail: Error | undefined;
  async deploy(tenantId: string, xml: string, opts: { name: string; category?: string; forms: FormSnapshot[] }) {
    if (this.fail) throw this.fail;
    this.calls.push({ tenantId, xml, opts });
    const n = this.calls.length;
    return { deploymentId: `dep-${n}`, processDefinitionId: `${(await readBpmn(xml)).processId}:${n}:pd${n}` };
  }
}

const deployer = new TestDeployer();
let t: TestApp;
let admin: string;
let b: string;
let staff: string;
const API = '/api/blade-workflow/design/model';
const HIST = '/api/blade-workflow/design/model/history';
const FLOW = '/api/blade-flow/model';

const { get, post } = callsAs(() => ({ app: t, token: admin }));

/** A small leave process: start (form `leave_form`), one approval task (form `leave_approve`), end. */
const bpmn = (key: string, name = '请假流程', extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://flowable.org/bpmn">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" flowable:formKey="leave_form" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="部门审批" flowable:assignee="\${applyUser}" flowable:formKey="leave_approve" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <endEvent id="end" />${extra}
  </process>
</definitions>`;

const columns = [
  { columnName: 'days', columnDescribe: '请假天数', columnType: 1, isCondition: 1 },
  { columnName: 'reason', columnDescribe: '请假事由', columnType: 1, permissions: { approve: { readable: true, writable: false } } },
];

beforeAll(async () => {
  t = await createTestApp({}, (app) => setModelDeployer(app, deployer));
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  staff = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

const modelId = async (key: string) =>
  String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_model WHERE model_key = $1 AND is_deleted = 0`, [key]))[0]?.id);
const history = async (id: string) => (await get(`${HIST}/list`, { modelId: id, size: '50' })).body.data.records as Record<string, unknown>[];

describe('model design', () => {
  it('a new model from the dialog gets an empty process named by its key, and version 1', async () => {
    const res = await post(`${API}/submit`, { payload: { modelKey: 'blank_flow', name: '空白流程', description: '新建' } });
    expect(res.body).toMatchObject({ code: 200, data: { id: expect.any(String) } });
    const detail = (await get(`${API}/detail`, { id: res.body.data.id })).body.data;
    expect(detail).toMatchObject({ modelKey: 'blank_flow', name: '空白流程', version: 1, categoryName: '' });
    expect((await readBpmn(detail.xml)).processId).toBe('blank_flow');
    expect(await history(res.body.data.id)).toMatchObject([{ version: 1, modelKey: 'blank_flow' }]);
  });

  it('refuses bad input with clear messages and saves nothing', async () => {
    const before = [await countRows(t.database, 'blade_wf_model'), await countRows(t.database, 'blade_wf_model_history')];
    const bad: [Record<string, unknown>, string][] = [
      [{ modelKey: 'leave' }, '请输入模型名称'],
      [{ name: '请假' }, '请输入模型标识'],
      [{ name: '请假', modelKey: '1leave' }, '标识只能包含字母、数字、下划线、点和中划线,且以字母或下划线开头'],
      [{ name: '请假', xml: '<definitions' }, '流程XML不是有效的BPMN: unparsable content <definitions detected'],
      [{ name: '请假', xml: 'hello' }, '流程XML不是有效的BPMN: unparsable content hello detected'],
      [{ name: '请假', xml: '<foo/>' }, '流程XML不是有效的BPMN: failed to parse document as <bpmn:Definitions>'],
      [
        {
          name: '请假',
          xml: '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process name="x"><startEvent id="s"/></process></definitions>',
        },
        '流程(process)缺少标识(id)',
      ],
      [{ name: '请假', xml: '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"/>' }, '流程XML中没有流程(process)定义'],
      [{ name: '请假', xml: '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="p"/></definitions>' }, '流程缺少开始节点'],
      [{ name: '请假', xml: bpmn('leave', '请假', '<bogus/>') }, '流程XML不是有效的BPMN: unparsable content <bogus/> detected'],
      [{ name: '请假', xml: 42 }, '流程XML必须是文本'],
      [{ name: '请假', modelKey: 'other', xml: bpmn('leave') }, '模型标识(other)与流程标识(leave)不一致'],
      [{ name: '请假', modelKey: 'blank_flow' }, '模型标识已存在'],
      [{ name: '请假', xml: bpmn('leave'), categoryId: '123' }, '流程分类不存在'],
      [{ name: '请假', xml: bpmn('leave'), serialLength: 20 }, '流水号位数应在1到12之间'],
      [{ name: '请假', xml: bpmn('leave'), serialCycle: 'hour' }, '流水号重置周期只能是none、day、week、month或year'],
      [{ name: '请假', xml: bpmn('leave'), icon: 'x'.repeat(1001) }, '图标最多1000个字符'],
    ];
    for (const [payload, msg] of bad) {
      const res = await post(`${API}/submit`, { payload });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.msg, JSON.stringify(payload).slice(0, 80)).toContain(msg);
    }
    expect([await countRows(t.database, 'blade_wf_model'), await countRows(t.database, 'blade_wf_model_history')]).toEqual(before);
  });

  it('each save of the XML is a new history version; metadata alone is not; any version can become the main one', async () => {
    const [leaveCat] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_category WHERE name = '请假' AND tenant_id = '000000'`);
    const r1 = await post(`${API}/submit`, {
      payload: {
        name: '请假流程',
        xml: bpmn('leave'),
        categoryId: String(leaveCat!.id),
        serialPrefix: 'QJ',
        serialDateFormat: 'yyyyMMdd',
        serialLength: 4,
        serialStart: 1,
        serialCycle: 'day',
        versionRemark: '初版',
      },
    });
    expect(r1.status).toBe(200);
    const id = r1.body.data.id as string;
    expect((await post(`${API}/submit`, { payload: { id, xml: bpmn('leave', '请假流程(二)') } })).status).toBe(200);
    expect((await post(`${API}/submit`, { payload: { id, description: '只改描述' } })).status).toBe(200);
    expect((await post(`${API}/submit`, { payload: { id, modelKey: 'leave2' } })).body).toMatchObject({
      code: 400,
      msg: '模型标识即流程标识,请在流程设计中修改流程的标识',
    });

    const versions = await history(id);
    expect(versions.map((v) => [v.version, v.remark])).toEqual([
      [2, null],
      [1, '初版'],
    ]);
    expect(versions[0]).not.toHaveProperty('xml');
    const detail = (await get(`${API}/detail`, { id })).body.data;
    expect(detail).toMatchObject({ version: 2, description: '只改描述', categoryName: '请假', serialPrefix: 'QJ', serialCycle: 'day' });
    expect(detail.xml).toContain('请假流程(二)');

    const list = (await get(`${API}/list`, { modelKey: 'leave' })).body.data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ modelKey: 'leave', categoryName: '请假', version: 2 });
    expect(list.records[0]).not.toHaveProperty('xml');

    // Version 1 back as the main one.
    const v1 = versions.find((v) => v.version === 1)!;
    expect((await get(`${HIST}/detail`, { id: String(v1.id) })).body.data.xml).toContain('name="请假流程"');
    expect((await post(`${HIST}/setMainVersion`, { query: { id: String(v1.id) } })).status).toBe(200);
    const back = (await get(`${API}/detail`, { id })).body.data;
    expect(back.version).toBe(1);
    expect(back.xml).not.toContain('请假流程(二)');
    // The next save is version 3, not 2.
    expect((await post(`${API}/submit`, { payload: { id, xml: bpmn('leave', '请假流程(三)') } })).status).toBe(200);
    expect((await history(id)).map((v) => v.version)).toEqual([3, 2, 1]);

    // The main version cannot be removed; another can; its note can be changed.
    const now = await history(id);
    expect((await post(`${HIST}/remove`, { query: { ids: String(now[0]!.id) } })).body).toMatchObject({ code: 400, msg: '不能删除当前主版本' });
    expect((await post(`${HIST}/submit`, { payload: { id: String(now[1]!.id), remark: '试用版' } })).status).toBe(200);
    expect((await post(`${HIST}/submit`, { payload: { remark: '试用版' } })).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
    expect((await post(`${HIST}/remove`, { query: { ids: String(now[1]!.id) } })).status).toBe(200);
    expect((await history(id)).map((v) => [v.version, v.remark])).toEqual([
      [3, null],
      [1, '初版'],
    ]);
    expect((await post(`${HIST}/setMainVersion`, { query: { id: String(now[1]!.id) } })).body).toMatchObject({ code: 404, msg: '历史版本不存在' });
  });

  it('changeCategory and changeIcon', async () => {
    const id = await modelId('leave');
    const [finance] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_category WHERE name = '财务审批' AND tenant_id = '000000'`);
    expect((await post(`${API}/changeCategory`, { query: { ids: id, category: '123' } })).body).toMatchObject({ code: 400, msg: '流程分类不存在' });
    expect((await post(`${API}/changeCategory`, { query: { ids: id } })).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: categoryId' });
    expect((await post(`${API}/changeCategory`, { query: { ids: id, category: String(finance!.id) } })).status).toBe(200);
    expect((await post(`${API}/changeIcon`, { query: { id } })).body).toMatchObject({ code: 400, msg: '请选择图标' });
    expect((await post(`${API}/changeIcon`, { payload: { id, icon: '/oss/leave.png' } })).status).toBe(200);
    expect((await get(`${API}/detail`, { id })).body.data).toMatchObject({ categoryName: '财务审批', icon: '/oss/leave.png' });
  });
});

describe('deploy', () => {
  it('refuses while a form the process names does not exist; nothing is deployed', async () => {
    const id = await modelId('leave');
    const res = await post(`${API}/deploy`, { query: { id } });
    expect(res.body).toMatchObject({ code: 400, msg: '流程引用的表单不存在: leave_form, leave_approve' });
    expect(deployer.calls).toHaveLength(0);
  });

  it('deploys the main version with a snapshot of its forms and records it', async () => {
    const form = '/api/blade-workflow/design/form/submit';
    expect((await post(form, { payload: { formKey: 'leave_form', name: '请假申请单', content: columns } })).status).toBe(200);
    expect((await post(form, { payload: { formKey: 'leave_approve', name: '请假审批单', content: JSON.stringify(columns.slice(1)) } })).status).toBe(200);
    const id = await modelId('leave');
    const res = await post(`${API}/deploy`, { query: { id } });
    expect(res.body).toMatchObject({ code: 200, data: { deploymentId: 'dep-1', processDefinitionId: 'leave:1:pd1', version: 3 } });
    expect(deployer.calls).toHaveLength(1);
    const call = deployer.calls[0]!;
    expect(call.tenantId).toBe('000000');
    expect(call.xml).toContain('请假流程(三)');
    expect(call.opts.name).toBe('请假流程');
    expect(call.opts.forms.map((f) => [f.formKey, f.name, f.version, f.columns.length])).toEqual([
      ['leave_form', '请假申请单', 1, 2],
      ['leave_approve', '请假审批单', 1, 1],
    ]);
    expect(call.opts.forms[0]!.columns[1]).toMatchObject({
      columnName: 'reason',
      isRequired: 1,
      permissions: { approve: { readable: true, writable: false } },
    });

    expect((await get(`${API}/detail`, { id })).body.data).toMatchObject({
      deployedVersion: 3,
      deploymentId: 'dep-1',
      processDefinitionId: 'leave:1:pd1',
      deployTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((await history(id))[0]).toMatchObject({ version: 3, deploymentId: 'dep-1' });
    expect((await history(id))[1]).toMatchObject({ version: 1, deploymentId: null });
    const snap = await t.database.raw(
      `SELECT form_key, form_version, model_version FROM blade_wf_deploy_form WHERE process_definition_id = 'leave:1:pd1' ORDER BY form_key`,
    );
    expect(snap).toEqual([
      { form_key: 'leave_approve', form_version: 1, model_version: 3 },
      { form_key: 'leave_form', form_version: 1, model_version: 3 },
    ]);

    // A later change of the form does not touch what was deployed.
    expect(
      (
        await post(form, {
          payload: { id: String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_form WHERE form_key = 'leave_form'`))[0]!.id), content: [] },
        })
      ).status,
    ).toBe(200);
    expect(await countRows(t.database, 'blade_wf_deploy_form', `form_key = 'leave_form' AND form_version = 1`)).toBe(1);
  });

  it('refuses stored XML that is not BPMN before the engine sees it; engine refusals pass through unchanged', async () => {
    const id = await modelId('blank_flow');
    await t.database.raw(`UPDATE blade_wf_model SET xml = '<definitions><broken' WHERE id = $1`, [id]);
    const res = await post(`${API}/deploy`, { query: { id } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^流程XML不是有效的BPMN: /);
    expect(deployer.calls).toHaveLength(1);

    await t.database.raw(`UPDATE blade_wf_model SET xml = $2 WHERE id = $1`, [id, bpmn('blank_flow').replace(/ flowable:formKey="[^"]+"/g, '')]);
    const { ApiError } = await import('../../platform/http/errors.ts');
    deployer.fail = new ApiError(400, "流程校验失败: 元素 'approve' 没有处理人");
    expect((await post(`${API}/deploy`, { query: { id } })).body).toMatchObject({ code: 400, msg: "流程校验失败: 元素 'approve' 没有处理人" });
    deployer.fail = undefined;
    expect((await get(`${API}/detail`, { id })).body.data.deploymentId).toBeNull();
    expect((await post(`${API}/deploy`, { query: { id: '1' } })).body).toMatchObject({ code: 400, msg: '模型不存在或已被删除' });
    expect((await post(`${API}/deploy`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
  });

  it('the blade-flow model calls reach the same models (deploy by modelId)', async () => {
    const id = await modelId('blank_flow');
    expect((await get(`${FLOW}/list`, { modelKey: 'blank_flow' })).body.data.records).toMatchObject([{ id, modelKey: 'blank_flow' }]);
    expect((await get(`${FLOW}/detail`, { id })).body.data.xml).toContain('blank_flow');
    const res = await post(`${FLOW}/deploy`, { query: { modelId: id } });
    expect(res.body).toMatchObject({ code: 200, data: { deploymentId: 'dep-2', processDefinitionId: 'blank_flow:2:pd2' } });
    expect(deployer.calls[1]!.opts.forms).toEqual([]);
    expect((await post(`${FLOW}/submit`, { payload: { id, name: '空白流程改' } })).status).toBe(200);
    expect((await get(`${API}/detail`, { id })).body.data.name).toBe('空白流程改');
  });
});

describe('isolation and permissions', () => {
  it('another tenant sees, changes, deploys and removes nothing of these models', async () => {
    const id = await modelId('leave');
    const [v] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_model_history WHERE model_id = $1 ORDER BY version LIMIT 1`, [id]);
    expect((await get(`${API}/list`, {}, b)).body.data.total).toBe(0);
    expect((await get(`${HIST}/list`, { modelId: id }, b)).body.data.total).toBe(0);
    expect((await get(`${API}/detail`, { id }, b)).status).toBe(404);
    expect((await get(`${HIST}/detail`, { id: String(v!.id) }, b)).status).toBe(404);
    expect((await post(`${API}/submit`, { payload: { id, name: '改' } }, b)).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await post(`${API}/deploy`, { query: { id } }, b)).body).toMatchObject({ code: 400, msg: '模型不存在或已被删除' });
    expect((await post(`${HIST}/setMainVersion`, { query: { id: String(v!.id) } }, b)).status).toBe(404);
    expect((await post(`${API}/changeIcon`, { query: { id, icon: 'x' } }, b)).status).toBe(400);
    expect((await post(`${API}/remove`, { query: { ids: id } }, b)).status).toBe(400);
    expect((await post(`${HIST}/remove`, { query: { ids: String(v!.id) } }, b)).status).toBe(400);
    // B may use the same key for its own model.
    expect((await post(`${API}/submit`, { payload: { name: 'B的请假', xml: bpmn('leave') } }, b)).status).toBe(200);
    expect((await get(`${API}/detail`, { id })).body.data).toMatchObject({ name: '请假流程', version: 3, icon: '/oss/leave.png' });
    expect(deployer.calls).toHaveLength(2);
  });

  it('a user without the codes is refused; deploy needs its own code', async () => {
    for (const [method, url] of [
      ['GET', `${API}/list`],
      ['POST', `${API}/submit`],
      ['POST', `${API}/deploy`],
      ['GET', `${HIST}/list`],
      ['POST', `${HIST}/setMainVersion`],
      ['GET', `${FLOW}/list`],
    ] as const) {
      expect((await t.call(staff, { method, url })).body, url).toMatchObject({ code: 403, msg: '请求被拒绝' });
    }
  });

  it('removing a model removes its history versions', async () => {
    const id = await modelId('leave');
    expect((await post(`${API}/remove`, { query: { ids: id } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_wf_model_history', `model_id = $1 AND is_deleted = 0`, [id])).toBe(0);
  });
});

describe('readBpmn on the shared samples', () => {
  const dir = path.resolve(import.meta.dirname, '../../../../../../shared/bpmn-samples');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.xml')) : [];
  it('reads every single-process sample without loss of its process id; refuses the multi-process one', async () => {
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const xml = fs.readFileSync(path.join(dir, f), 'utf8');
      const processes = [...xml.matchAll(/<process\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
      if (processes.length === 1) expect((await readBpmn(xml)).processId, f).toBe(processes[0]);
      else await expect(readBpmn(xml), f).rejects.toThrow(`一个模型只能包含一个可执行流程,发现${processes.length}个`);
    }
  });
});
