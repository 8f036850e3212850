/**
 * What a start costs the database (docs/performance.md) and what its serial number keeps: the start reads its
 * definition with the model's scope, serial-number rule and the user's draft (and the users the request names, and
 * whether a proxy can be in force) in one statement, takes the number in
 * a statement of its own that commits without waiting for the disk, and writes the instance in one transaction;
 * inside a caller's transaction the number is taken in that transaction and goes with it.
 *
 * The statements are counted on PostgreSQL (every statement node-postgres sends); the rest runs on both databases.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { statementsOf } from '../../testing/db.ts';
import type { Tx } from './engine/index.ts';

const T = '000000';
const WF = '/api/blade-workflow/process';
const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const TWO_STEPS = `<definitions ${NS}><process id="start_cost" name="两步审批">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="one"/><userTask id="one" name="第一步" flowable:assignee="\${applyUser}"/>
  <sequenceFlow id="b" sourceRef="one" targetRef="two"/><userTask id="two" name="第二步" flowable:assignee="\${applyUser}"/>
  <sequenceFlow id="c" sourceRef="two" targetRef="e"/><endEvent id="e"/></process></definitions>`;

const onPostgres = !!process.env.TEST_DATABASE_URL;

let t: TestApp;
let token: string;
let adminId: string;

beforeAll(async () => {
  // No job polling and no token re-check while statements are counted.
  t = await createTestApp({ JOB_POLL_MS: '0', WF_JOB_POLL_MS: '0', TOKEN_RECHECK_MS: '3600000' });
  token = (await t.login()).access_token!;
  adminId = String((await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [T]))[0]!.id);
  await t.app.workflow.engine.deploy(T, TWO_STEPS);
});
afterAll(() => t?.close());

const start = async () => {
  const r = await t.call(token, { method: 'POST', url: `${WF}/startProcess`, payload: { processDefKey: 'start_cost' } });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
  return r.body.data as { processInstanceId: string; serialNumber: string };
};

/** The API log's batched insert, left out of the statements counted: it is the HTTP layer's, not the start's. */
const API_LOG = /blade_log_api/;

describe.runIf(onPostgres)('the statements of a start (PostgreSQL)', () => {
  it('one read and the serial number before its transaction, nothing after it; a draft costs a statement only when there is one', async () => {
    await start(); // the caches of the HTTP layer (permissions) and of the engine (the compiled model) warm up
    const texts = await statementsOf(start, API_LOG);
    // The transaction: its BEGIN goes with its first statement, its COMMIT with its last (platform/db/pg-client.ts).
    const begin = texts.findIndex((x) => /^BEGIN; /.test(x));
    const commit = texts.findIndex((x) => /; COMMIT$/.test(x));
    expect(begin, texts.join('\n')).toBe(2);
    expect(commit, texts.join('\n')).toBe(texts.length - 1);
    const [read, serial] = texts as [string, string];
    // The definition with the model's scope, its serial-number rule and whether the user has a draft.
    expect(read).toMatch(/^select .* from "blade_wf_procdef" where/i);
    expect(read).toMatch(/FROM "blade_wf_model_scope" ms WHERE/);
    expect(read).toMatch(/FROM "blade_wf_model" sm WHERE/);
    expect(read).toMatch(/FROM "blade_wf_draft" dr WHERE/);
    // The counter: its own transaction, committed without waiting for the disk.
    expect(serial).toMatch(/^INSERT INTO "blade_wf_serial" .*set_config\('synchronous_commit', 'off', true\)/);
    // The transaction writes the instance and reads nothing the first statement read.
    const inside = texts.slice(begin, commit + 1);
    expect(inside.some((x) => /blade_wf_hi_procinst/.test(x))).toBe(true);
    expect(inside.filter((x) => /blade_wf_(procdef|model|model_scope|draft|serial)"/.test(x))).toEqual([]);
    // Nor the first task's assignee (the starter, named by `${applyUser}`) nor whether a proxy is in force: the read
    // looked both up. The write is the transaction's one statement, and its one round trip.
    expect(read).toMatch(/FROM "blade_user" u WHERE/);
    expect(read).toMatch(/FROM "blade_wf_proxy" p WHERE/);
    expect(inside, inside.join('\n')).toHaveLength(1);
    expect(inside[0]).toMatch(/^BEGIN; WITH "w0" AS \(INSERT INTO .*; COMMIT$/);

    // With a draft of the process, the start deletes it after its transaction: one statement more.
    const saved = await t.call(token, {
      method: 'POST',
      url: `${WF}/draft/submit`,
      payload: { processDefKey: 'start_cost', title: '草稿', variables: JSON.stringify({ days: 2 }) },
    });
    expect(saved.body).toMatchObject({ code: 200 });
    const withDraft = await statementsOf(start, API_LOG);
    expect(withDraft).toHaveLength(texts.length + 1);
    expect(withDraft.at(-1)).toMatch(/^update "blade_wf_draft" set "is_deleted"/);
    expect((await t.call(token, { method: 'GET', url: `${WF}/draft/list`, query: { processDefKey: 'start_cost' } })).body.data.total).toBe(0);
  });

  it("reads a definition's deployed form once: later starts check their values without a statement for it", async () => {
    const D = '/api/blade-workflow/design';
    const post = (url: string, payload: Record<string, unknown>, query?: Record<string, string>) =>
      t.call(token, { method: 'POST', url, payload, ...(query ? { query } : {}) });
    const columns = (label: string) => [{ columnName: 'reason', columnDescribe: label, columnType: 1 }];
    expect((await post(`${D}/form/submit`, { formKey: 'cost_form', name: '事由表单', content: columns('事由') })).body).toMatchObject({ code: 200 });
    const xml = TWO_STEPS.replace('start_cost', 'start_form').replace('<startEvent id="s"/>', '<startEvent id="s" flowable:formKey="cost_form"/>');
    const model = await post(`${D}/model/submit`, { name: '表单发起', xml });
    expect(model.body, JSON.stringify(model.body)).toMatchObject({ code: 200 });
    expect((await post(`${D}/model/deploy`, {}, { id: String(model.body.data.id) })).body).toMatchObject({ code: 200 });
    const startForm = (payload: Record<string, unknown>) =>
      t.call(token, { method: 'POST', url: `${WF}/startProcess`, payload: { processDefKey: 'start_form', ...payload } });

    const first = await statementsOf(async () => expect((await startForm({})).body).toMatchObject({ code: 400, msg: '请填写事由' }), API_LOG);
    expect(first.filter((x) => /blade_wf_deploy_form/.test(x))).toHaveLength(1);
    // The form is edited after the deploy: the definition keeps the one deployed with it, now without reading it.
    const formId = String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_form WHERE form_key = 'cost_form' AND tenant_id = $1`, [T]))[0]!.id);
    expect((await post(`${D}/form/submit`, { id: formId, content: [] })).body).toMatchObject({ code: 200 });
    const again = await statementsOf(async () => expect((await startForm({})).body).toMatchObject({ code: 400, msg: '请填写事由' }), API_LOG);
    expect(again.filter((x) => /blade_wf_(deploy_)?form"/.test(x))).toEqual([]);
    expect((await startForm({ reason: '出差' })).body).toMatchObject({ code: 200 });
  });

  it('leaves every pooled connection committing synchronously', async () => {
    await Promise.all(Array.from({ length: 12 }, () => start()));
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    // Every connection of the pool at once (its size is 5): none kept the counter's setting.
    const clients = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
    try {
      for (const c of clients) expect((await c.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'on' });
    } finally {
      for (const c of clients) c.release();
    }
  });
});

describe('serial numbers of starts', () => {
  const counter = async () =>
    Number((await t.database.raw(`SELECT max(value) AS v FROM blade_wf_serial WHERE tenant_id = $1 AND key = 'start_cost'`, [T]))[0]!.v ?? 0);

  it('concurrent starts each take their own number, one after the other', async () => {
    const before = await counter();
    const started = await Promise.all(Array.from({ length: 10 }, () => start()));
    const numbers = started.map((s) => Number(s.serialNumber.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => before + 1 + i));
    expect(await counter()).toBe(before + 10);
  });

  it("inside a caller's transaction the number is taken in it: rolled back with it, and given again", async () => {
    const before = await counter();
    const engine = t.app.workflow.engine;
    await expect(
      t.database.db.transaction(async (tx) => {
        const s = await engine.startProcess(T, { id: adminId }, { processKey: 'start_cost', tx: tx as unknown as Tx });
        expect(Number(s.serialNumber.slice(-4))).toBe(before + 1);
        throw new Error('the business record failed');
      }),
    ).rejects.toThrow('the business record failed');
    expect(await counter()).toBe(before);
    const next = await engine.startProcess(T, { id: adminId }, { processKey: 'start_cost' });
    expect(Number(next.serialNumber.slice(-4))).toBe(before + 1);
  });
});
