/**
 * The lines slot of the approval kit (lines.ts) with definitions that exist only here: the record's fields derived
 * from its lines (`derive`) on a save, an update of the head only, a start from the kept lines and the lines' own
 * routes; a record whose total is the server's alone (no `messages.total`: a total sent is not read); a removal
 * deleting the lines of the records it removed, not those of another tenant's record named with them.
 */
import { MONEY_TEXT_RE, compareMoney, defineEntity } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Row } from '../../platform/crud/repo.ts';
import { entityTable } from '../../platform/crud/table.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { dataOf, refused, users } from '../../testing/http.ts';
import { createTestTable } from '../../testing/entity-table.ts';
import type { LinesSlot } from './lines.ts';

const label = (zh: string) => ({ zh, en: zh });
const recordEntity = defineEntity({
  name: 'lines_test',
  table: 'lines_test_record',
  api: '/api/test/linesRecord',
  path: '/test/linesRecord',
  label: label('明细测试单'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  approval: { processKey: 'lines_test', routeKey: 'linesTest', amountField: 'totalAmount', title: '{userName}的明细测试单' },
  fields: {
    title: { type: 'string', max: 100, label: label('标题'), required: '请输入标题' },
    totalAmount: { type: 'money', label: label('合计'), form: false },
    // The kind of the largest line: derived by the slot.
    mainKind: { type: 'int', label: label('主要类别'), form: false },
  },
});
const lineEntity = defineEntity({
  name: 'lines_test_line',
  table: 'lines_test_line',
  api: '/api/test/linesLine',
  path: '/test/linesLine',
  label: label('测试明细'),
  routes: ['list', 'detail', 'submit', 'remove'],
  parent: { field: 'recordId', entity: 'lines_test', missing: '明细测试单不存在' },
  fields: {
    recordId: { type: 'id', label: label('测试单'), required: '请选择测试单', form: false },
    kind: { type: 'int', label: label('类别'), required: '请选择类别' },
    amount: { type: 'money', label: label('金额'), required: '请输入金额' },
    sort: { type: 'int', label: label('序号'), default: 0, form: false },
  },
});
const recordTable = entityTable(recordEntity);
const lineTable = entityTable(lineEntity);

const lineSchema = z.object({
  kind: z.union([z.number(), z.string()], { message: '请选择类别' }).transform(Number),
  amount: z.union([z.string(), z.number()], { message: '请输入金额' }).transform(String),
});
const slot: LinesSlot<z.infer<typeof lineSchema>> = {
  def: lineEntity,
  table: lineTable,
  parentField: 'recordId',
  schema: lineSchema,
  amountField: 'amount',
  max: 3,
  complete(l) {
    if (!MONEY_TEXT_RE.test(l.amount)) throw fail('金额格式不正确');
    return { kind: l.kind, amount: l.amount, amountValue: l.amount };
  },
  derive: (lines: Row[]) => ({
    mainKind: lines.length ? Number(lines.reduce((best, l) => (compareMoney(String(l.amount), String(best.amount)) > 0 ? l : best)).kind) : null,
  }),
  messages: { none: '请添加明细', tooMany: '明细最多3条', locked: '审批中或已通过的数据不能修改', lockedRemove: '审批中或已通过的数据不能删除' },
};

const model = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://hjl.example/test">
  <process id="lines_test" name="明细测试审批" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <userTask id="first" name="部门经理审批" flowable:assignee="lihong"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

let t: TestApp;
const { get, post, login, loginAs } = users(() => t);
const R = recordEntity.api;
const L = lineEntity.api;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.approval.register(recordEntity, recordTable, { lines: slot as LinesSlot });
  });
  await createTestTable(t.database, recordTable);
  await createTestTable(t.database, lineTable);
  await createTenant(t.database, '100001');
  // The menus and buttons of both definitions, granted to the project role (张伟).
  const [root] = await t.database.raw(`SELECT id::text AS id FROM blade_menu WHERE code = 'workflow'`);
  const [project] = await t.database.raw(`SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND role_alias = 'project'`);
  const grant = async (parentId: string, code: string, category: number) => {
    const id = nextId();
    await t.database.raw(`INSERT INTO blade_menu (id, parent_id, code, name, category, sort) VALUES ($1, $2, $3, $3, $4, 99)`, [id, parentId, code, category]);
    await t.database.raw(`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES ($1, $2, $3)`, [nextId(), project!.id, id]);
    return id;
  };
  for (const name of [recordEntity.name, lineEntity.name]) {
    const menu = await grant(root!.id as string, name, 1);
    for (const b of ['add', 'edit', 'delete']) await grant(menu, `${name}_${b}`, 2);
  }
  await t.app.workflow.engine.deploy('000000', model);
  await login('zhangwei');
  await loginAs('b', 'admin', '100001');
}, 120_000);
afterAll(() => t.close());

const detail = (id: string, who = 'zhangwei') => dataOf(get(who, `${R}/detail`, { id }));
const lines = [
  { kind: 1, amount: '10.00' },
  { kind: 2, amount: '25.50' },
  { kind: 3, amount: '25.50' },
];
/** Saves a draft with its lines and answers its id. */
const saved = async (who = 'zhangwei', body: Record<string, unknown> = { title: '办公用品', lines }) => {
  await dataOf(post(who, `${R}/save`, body));
  const [row] = await t.database.raw(`SELECT id::text AS id FROM lines_test_record WHERE title = $1 ORDER BY create_time DESC, id DESC LIMIT 1`, [body.title]);
  return String(row!.id);
};
const liveLines = (id: string) => countRows(t.database, 'lines_test_line', `record_id = $1 AND is_deleted = 0`, [id]);

describe('the lines slot', () => {
  it('derives fields from the lines sent (the first of equal ones); a total sent is not read without messages.total', async () => {
    const id = await saved('zhangwei', { title: '带合计的', lines, totalAmount: '1.00', mainKind: 7 });
    expect(await detail(id)).toMatchObject({ totalAmount: '61.00', mainKind: 2 });
    expect((await detail(id)).lines.map((l: Row) => [l.kind, l.amount])).toEqual([
      [1, '10.00'],
      [2, '25.50'],
      [3, '25.50'],
    ]);
    refused(await post('zhangwei', `${R}/save`, { title: '太多', lines: [...lines, lines[0]] }), '明细最多3条');
    refused(await post('zhangwei', `${R}/save`, { title: '没有', lines: [] }), '请添加明细');
  });

  it('an update of the head keeps the lines and what they derive; lines sent replace them', async () => {
    const id = await saved();
    await dataOf(post('zhangwei', `${R}/update`, { id, title: '办公用品(改)' }));
    expect(await detail(id)).toMatchObject({ title: '办公用品(改)', totalAmount: '61.00', mainKind: 2 });
    await dataOf(post('zhangwei', `${R}/update`, { id, lines: [{ kind: 4, amount: '5.00' }] }));
    expect(await detail(id)).toMatchObject({ totalAmount: '5.00', mainKind: 4 });
    expect(await liveLines(id)).toBe(1);
  });

  it('a change on the lines’ own routes moves the total and the derived fields; none left: no kind', async () => {
    const id = await saved('zhangwei', { title: '单条', lines: [{ kind: 4, amount: '5.00' }] });
    await dataOf(post('zhangwei', `${L}/submit`, { recordId: id, kind: 9, amount: '100.00' }));
    expect(await detail(id)).toMatchObject({ totalAmount: '105.00', mainKind: 9 });
    const lineOf = async (kind: number) => String((await detail(id)).lines.find((l: Row) => l.kind === kind).id);
    await dataOf(post('zhangwei', `${L}/remove`, undefined, { ids: await lineOf(9) }));
    expect(await detail(id)).toMatchObject({ totalAmount: '5.00', mainKind: 4 });
    await dataOf(post('zhangwei', `${L}/remove`, undefined, { ids: await lineOf(4) }));
    expect(await detail(id)).toMatchObject({ totalAmount: '0.00', mainKind: null });
  });

  it('a start of a saved draft derives from its kept lines', async () => {
    const id = await saved('zhangwei', { title: '草稿', lines: [{ kind: 5, amount: '1.00' }] });
    await t.database.raw(`UPDATE lines_test_record SET main_kind = NULL, total_amount = NULL WHERE id = $1`, [id]);
    const started = await dataOf(post('zhangwei', `${R}/start`, { id, title: '草稿' }));
    expect(started).toMatchObject({ totalAmount: '1.00', mainKind: 5, processInstanceId: expect.any(String) });
    expect(await detail(id)).toMatchObject({ status: 1, totalAmount: '1.00', mainKind: 5 });
  });

  it('a removal deletes the lines of the records it removed only: not another tenant’s named with them', async () => {
    const mine = await saved('zhangwei', { title: '本租户的', lines });
    const theirs = await saved('b', { title: '别的租户的', lines: [{ kind: 1, amount: '1.00' }] });
    await dataOf(post('b', `${R}/remove`, undefined, { ids: `${mine},${theirs}` }));
    expect(await liveLines(theirs)).toBe(0);
    expect(await liveLines(mine)).toBe(3);
    expect((await detail(mine)).lines).toHaveLength(3);
    // Nor are another tenant's kept lines read for an update of the head: nothing of the record is found.
    refused(await post('b', `${R}/update`, { id: mine, title: '改' }), '请添加明细');
    expect(await detail(mine)).toMatchObject({ title: '本租户的', totalAmount: '61.00' });
  });
});
