/**
 * startProcess and completeTask (pass=true) check the form values with the rules the screens use
 * (`formValueErrors` of @hjl/core at the start event / the task's node), refusing with every message joined by
 * ' | ' and saving nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, userIds } from '../../testing/db.ts';
import { users, WF } from '../../testing/http.ts';

let t: TestApp;
const { tok, post, login } = users(() => t);
const ids: Record<string, string> = {};
const D = '/api/blade-workflow/design';

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:hjl="http://hjl.example/schema/bpmn" targetNamespace="t"`;
/** start (form fv_form) → 审批 (${approver}; the same form; opinion writable and required there) → end */
const XML = `<definitions ${NS}><process id="fv_t" name="表单校验测试">
  <startEvent id="s" flowable:formKey="fv_form"/><sequenceFlow id="a" sourceRef="s" targetRef="u"/>
  <userTask id="u" name="审批" flowable:assignee="\${approver}" flowable:formKey="fv_form"><extensionElements><hjl:field name="opinion" writable="true" required="true"/></extensionElements></userTask>
  <sequenceFlow id="b" sourceRef="u" targetRef="e"/><endEvent id="e"/></process></definitions>`;
const COLUMNS = [
  { columnName: 'reason', columnDescribe: '事由', columnType: 1 },
  { columnName: 'phone', columnDescribe: '联系电话', columnType: 1, isRequired: 0, format: 'mobile' },
  { columnName: 'opinion', columnDescribe: '审批意见', columnType: 1, isRequired: 0, permissions: { s: { readable: false, writable: false } } },
];

const instances = () => countRows(t.database, 'blade_wf_hi_procinst', `proc_def_key = 'fv_t'`);

beforeAll(async () => {
  t = await createTestApp();
  await login('zhangwei', 'lihong', 'admin');
  Object.assign(ids, await userIds(t.database));
  expect((await post('admin', `${D}/form/submit`, { formKey: 'fv_form', name: '校验表单', content: COLUMNS })).body).toMatchObject({ code: 200 });
  const model = await post('admin', `${D}/model/submit`, { name: '表单校验测试', xml: XML });
  expect(model.body, JSON.stringify(model.body)).toMatchObject({ code: 200 });
  const dep = await t.call(tok.admin, { method: 'POST', url: `${D}/model/deploy`, query: { id: String(model.body.data.id) } });
  expect(dep.body, JSON.stringify(dep.body)).toMatchObject({ code: 200 });
});
afterAll(() => t.close());

describe('form values', () => {
  it('a start with a required field empty or a bad format is refused with the messages joined, and starts nothing', async () => {
    const before = await instances();
    const r = await post('zhangwei', `${WF}/startProcess`, { processDefKey: 'fv_t', approver: ids.lihong, phone: '123' });
    expect(r.body).toMatchObject({ code: 400, msg: '请填写事由 | 请输入正确的手机号码' });
    // Values in `variables` count as well; a blank text is empty.
    const r2 = await post('zhangwei', `${WF}/startProcess`, { processDefKey: 'fv_t', variables: { approver: ids.lihong, reason: '  ' } });
    expect(r2.body).toMatchObject({ code: 400, msg: '请填写事由' });
    expect(await instances()).toBe(before);
  });

  it('an approval needs the node’s required field; a rejection does not; a filled one passes', async () => {
    const started = await post('zhangwei', `${WF}/startProcess`, { processDefKey: 'fv_t', variables: { approver: ids.lihong, reason: '出差' } });
    expect(started.body, JSON.stringify(started.body)).toMatchObject({ code: 200, msg: '发起成功' });
    const taskId = String(started.body.data.tasks[0].taskId);
    const refused = await post('lihong', `${WF}/completeTask`, { taskId, pass: true, comment: '同意' });
    expect(refused.body).toMatchObject({ code: 400, msg: '请填写审批意见' });
    expect(await countRows(t.database, 'blade_wf_task', 'id = $1', [taskId])).toBe(1);
    const ok = await post('lihong', `${WF}/completeTask`, { taskId, pass: true, comment: '同意', variables: { opinion: '可以' } });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200 });
    expect(await countRows(t.database, 'blade_wf_task', 'id = $1', [taskId])).toBe(0);
  });

  it('files given at the start are checked and kept as the variable attachment; bad ones start nothing', async () => {
    const link = `/api/blade-resource/oss/endpoint/file/local/20261123/${'7'.repeat(32)}.pdf`;
    const before = await instances();
    const bad = await post('zhangwei', `${WF}/startProcess`, {
      processDefKey: 'fv_t',
      variables: { approver: ids.lihong, reason: '附件' },
      attachment: [{ label: 'x.pdf', value: 'javascript:alert(1)' }],
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '附件格式不正确' });
    expect(await instances()).toBe(before);
    const ok = await post('zhangwei', `${WF}/startProcess`, {
      processDefKey: 'fv_t',
      variables: { approver: ids.lihong, reason: '附件' },
      attachment: [{ label: '行程.pdf', value: link }],
    });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200 });
    const detail = (await t.call(tok.zhangwei, { method: 'GET', url: `${WF}/detail`, query: { processInsId: String(ok.body.data.processInstanceId) } })).body
      .data;
    expect(detail.form.variables.attachment).toEqual([{ label: '行程.pdf', value: link }]);
  });
});
