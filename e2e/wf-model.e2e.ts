/**
 * The workflow model designer (模型设计) as a designer uses it:
 * - every real BPMN sample of ../shared/bpmn-samples opens in the designer and is saved back without losing
 *   anything: both documents are parsed with a DOM parser and every element of the original (name,
 *   attributes, text) must be found in the saved one. The only equivalence allowed is the engine's own:
 *   `activiti:` is read as the flowable namespace. What the designer adds is a diagram (DI) when the file
 *   had none, and bpmn-js's `incoming` / `outgoing` references of flow nodes.
 * - a small process is designed with the palette and the properties panel (user task with an assignee
 *   rule, a field permission and buttons), saved, deployed from the list, and the deployed definition
 *   carries them; its history versions are listed, viewed, annotated, deleted and one made main again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, chooseUser, login, openBrowser, openPath, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const SAMPLES = path.resolve(import.meta.dirname, '../../shared/bpmn-samples');
const RUN = Date.now().toString(36);

const FLOWABLE = 'http://flowable.org/bpmn';
const ACTIVITI = 'http://activiti.org/bpmn';
const DI = ['http://www.omg.org/spec/BPMN/20100524/DI', 'http://www.omg.org/spec/DD/20100524/DC', 'http://www.omg.org/spec/DD/20100524/DI'];
const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
  // Leaving a designer with unsaved changes asks (beforeunload): the test leaves.
  page.on('dialog', (d) => void d.accept());
});

let signedIn = false;
/** Logs in once for the suite (each test may also run alone with -t). */
async function signIn() {
  if (!signedIn) await login(page);
  signedIn = true;
}
afterAll(() => close());

const stored = (key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(`saber-${k}`) ?? 'null') as unknown, key);

/** Calls the API as the signed-in browser user. */
async function api<T = any>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<{ code: number; data: T; msg: string }> {
  const token = (await stored('access-token')) as string;
  const res = await page.request.fetch(url, { method, headers: { 'Blade-Auth': `bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  return (await res.json()) as { code: number; data: T; msg: string };
}

/** An element as compared: namespace and local name, attributes by namespace|name, its own text, children. */
interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** Parses XML with the browser's DOMParser into plain nodes (namespace declarations left out). */
function parseXml(xml: string): Promise<XmlNode> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const err = doc.getElementsByTagName('parsererror')[0];
    if (err) throw new Error(err.textContent ?? 'parse error');
    const walk = (el: Element): XmlNode => {
      const attrs: Record<string, string> = {};
      for (const a of Array.from(el.attributes)) {
        if (a.name === 'xmlns' || a.prefix === 'xmlns') continue;
        attrs[`${a.namespaceURI ?? ''}|${a.localName}`] = a.value;
      }
      let own = '';
      for (const n of Array.from(el.childNodes)) if (n.nodeType === 3 || n.nodeType === 4) own += n.nodeValue ?? '';
      return { name: `${el.namespaceURI ?? ''}|${el.localName}`, attrs, text: own.trim(), children: Array.from(el.children).map(walk) };
    };
    return walk(doc.documentElement);
  }, xml);
}

/** Attributes bpmn-moddle leaves out when they hold the BPMN schema's default: absent means this value. */
const SCHEMA_DEFAULTS: Record<string, string> = {
  '|isSequential': 'false',
  '|typeLanguage': 'http://www.w3.org/2001/XMLSchema',
  '|expressionLanguage': 'http://www.w3.org/1999/XPath',
};

/**
 * The equivalences allowed, each with the same meaning to the BPMN schema and the engine:
 * - `activiti:` is the flowable namespace (the engine's own rule; see activitiAsFlowable);
 * - `xsi:type` values are compared without their prefix;
 * - `<formalExpression>` is `<expression xsi:type="tFormalExpression">` (its substitution group, how moddle writes it);
 * - an attribute at the schema default is the same as none (SCHEMA_DEFAULTS);
 * - DI numbers are numbers (`28.0` is `28`).
 */
function normalize(node: XmlNode): XmlNode {
  const ns = (s: string) => s.split(ACTIVITI).join(FLOWABLE);
  const isDi = DI.some((d) => node.name.startsWith(`${d}|`));
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(node.attrs)) {
    if (SCHEMA_DEFAULTS[k] === v) continue;
    attrs[ns(k)] = k === `${XSI}|type` ? v.replace(/^[\w-]+:/, '') : isDi && v.trim() !== '' && !Number.isNaN(Number(v)) ? String(Number(v)) : v;
  }
  let name = ns(node.name);
  if (name === `${BPMN}|formalExpression`) {
    name = `${BPMN}|expression`;
    attrs[`${XSI}|type`] = 'tFormalExpression';
  }
  return { name, attrs, text: node.text, children: node.children.map(normalize) };
}

const label = (n: XmlNode) => `${n.name.split('|')[1]}${n.attrs['|id'] ? `#${n.attrs['|id']}` : ''}`;

/** Additions of the designer: a diagram when there was none, and flow nodes' incoming / outgoing references. */
const isAddition = (n: XmlNode) => DI.some((d) => n.name.startsWith(`${d}|`)) || n.name === `${BPMN}|incoming` || n.name === `${BPMN}|outgoing`;

/**
 * What of `orig` is not in `saved`, as paths: an element is found when a child of the same name and id has the
 * same attributes and text and (recursively) contains all of its children.
 */
function losses(orig: XmlNode, saved: XmlNode, where = ''): string[] {
  const here = `${where}/${label(orig)}`;
  const out: string[] = [];
  for (const [k, v] of Object.entries(orig.attrs))
    if (saved.attrs[k] !== v) out.push(`${here} @${k}: ${JSON.stringify(v)} → ${JSON.stringify(saved.attrs[k])}`);
  // bpmn-js marks exclusive gateways' shapes (isMarkerVisible); attributes of DI may be added, no others.
  const isDi = DI.some((d) => orig.name.startsWith(`${d}|`));
  if (!isDi) for (const k of Object.keys(saved.attrs)) if (!(k in orig.attrs)) out.push(`${here} @${k} added: ${JSON.stringify(saved.attrs[k])}`);
  if (orig.text !== saved.text) out.push(`${here} text: ${JSON.stringify(orig.text)} → ${JSON.stringify(saved.text)}`);
  const pool = [...saved.children];
  for (const child of orig.children) {
    const same = pool.filter((c) => c.name === child.name && c.attrs['|id'] === child.attrs['|id']);
    // The candidate losing least is the match (siblings without ids, e.g. several <flowable:field>).
    const scored = same.map((c) => ({ c, lost: losses(child, c, here) })).sort((a, b) => a.lost.length - b.lost.length);
    const best = scored[0];
    if (!best) {
      out.push(`${here}/${label(child)} missing`);
      continue;
    }
    pool.splice(pool.indexOf(best.c), 1);
    out.push(...best.lost);
  }
  for (const extra of pool) if (!isAddition(extra)) out.push(`${here}/${label(extra)} added`);
  return out;
}

/** Saved DI added where the original had none is allowed; DI the original had must come back whole. */
async function compare(original: string, saved: string): Promise<string[]> {
  return losses(normalize(await parseXml(original)), normalize(await parseXml(saved)));
}

const canvasReady = () => page.locator('[data-testid="designer-canvas"] .djs-container').count();
const dialog = () => page.locator('.ant-modal:visible').last();
// Pages of other tabs stay mounted (hidden): only the shown table counts.
const tableRows = () => page.locator('[data-testid="crud-table"]:visible tbody tr.ant-table-row');

/** Opens the designer of a model and waits for the diagram. */
async function openDesigner(id: string) {
  await openPath(page, `/workflow/design/process/${id}`);
  await expect.poll(canvasReady).toBe(1);
  await expect.poll(() => page.getByTestId('designer-panel').count()).toBe(1);
}

async function saveInDesigner() {
  await page.getByTestId('designer-save').click();
  await expect.poll(() => antMessage(page, '保存成功,已生成新版本').count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('designer-dirty').count()).toBe(0);
}

describe('the model designer', () => {
  it('opens every BPMN sample and saves it back without losing anything', async () => {
    await signIn();
    const files = fs
      .readdirSync(SAMPLES)
      .filter((f) => f.endsWith('.xml'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(11);
    const report: Record<string, string[]> = {};
    for (const file of files) {
      let xml = fs.readFileSync(path.join(SAMPLES, file), 'utf8');
      const ids = [...xml.matchAll(/<process\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]!);
      let saved: string;
      if (ids.length === 1) {
        // A key of this run, so that no other suite's model is touched: the process id (and what refers to it) renamed.
        const key = `${ids[0]}_${RUN}`;
        xml = xml.replaceAll(`"${ids[0]}"`, `"${key}"`);
        const created = await api<{ id: string }>('POST', '/api/blade-workflow/design/model/submit', { name: `样例 ${file.slice(0, 2)} ${RUN}`, xml });
        expect(created.code, `${file}: ${created.msg}`).toBe(200);
        await openDesigner(created.data.id);
        await saveInDesigner();
        saved = (await api<{ xml: string; version: number }>('GET', `/api/blade-workflow/design/model/detail?id=${created.data.id}`)).data.xml;
        const versions = await api<{ records: { version: number }[] }>(
          'GET',
          `/api/blade-workflow/design/model/history/list?modelId=${created.data.id}&size=10`,
        );
        expect(versions.data.records.map((r) => r.version).sort()).toEqual([1, 2]);
      } else {
        // Several processes in one file (ruoyi's sign modes): the server stores one process per model, so the
        // designer's part is shown through its own export (download XML) after importing the file.
        const created = await api<{ id: string }>('POST', '/api/blade-workflow/design/model/submit', {
          modelKey: `multi_${RUN}`,
          name: `样例 ${file.slice(0, 2)} ${RUN}`,
        });
        expect(created.code).toBe(200);
        await openDesigner(created.data.id);
        await page.getByTestId('designer-import-file').setInputFiles({ name: file, mimeType: 'application/xml', buffer: Buffer.from(xml) });
        await expect.poll(() => page.getByTestId('designer-dirty').count()).toBe(1);
        const download = page.waitForEvent('download');
        await page.getByTestId('designer-download-xml').click();
        saved = fs.readFileSync((await (await download).path())!, 'utf8');
        // Saving it is refused with the server's message, and the page stays dirty.
        await page.getByTestId('designer-save').click();
        await expect.poll(() => page.locator('.ant-message').innerText()).toMatch(/流程/);
        await expect.poll(() => page.getByTestId('designer-dirty').count()).toBe(1);
      }
      if (file.startsWith('05') || file.startsWith('14')) await screenshot(page, `wf-model-sample-${file.slice(0, 2)}`);
      report[file] = await compare(xml, saved);
    }
    expect(report).toEqual(Object.fromEntries(files.map((f) => [f, []])));
    expect(errors).toEqual([]);
  });

  it('designs a process with the palette and the panel, saves, deploys it from the list, and the definition has it', async () => {
    await signIn();
    const formKey = `wfa_form_${RUN}`;
    const modelKey = `wfa_design_${RUN}`;
    const formName = `报销单${RUN}`;
    const columns = [
      { columnName: 'amount', columnDescribe: '金额', columnType: 1, isRequired: 1, isShowList: 1, isCondition: 0 },
      { columnName: 'reason', columnDescribe: '事由', columnType: 1, isRequired: 0, isShowList: 1, isCondition: 0 },
    ];
    const form = await api('POST', '/api/blade-workflow/design/form/submit', { formKey, name: formName, content: JSON.stringify(columns) });
    expect(form.code, form.msg).toBe(200);
    const me = (await stored('user-info')) as { user_id?: string; userId?: string };
    const adminId = String(me.user_id ?? me.userId);

    // A new model from the list opens in the designer.
    await openPath(page, '/workflow/design/model');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-modelKey').fill(modelKey);
    await page.getByTestId('crud-form-name').fill(`费用报销${RUN}`);
    await pickOption(page, 'crud-form-formKey', `${formName} (${formKey})`);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await page.waitForURL('**/workflow/design/process/**');
    const modelId = page.url().split('/').pop()!;
    await expect.poll(canvasReady).toBe(1);
    await expect.poll(() => page.getByTestId('designer-panel').innerText()).toContain('流程');

    // start → (append a task, make it a user task) → end, with bpmn-js's context pad and replace menu.
    const shape = (id: string) => page.locator(`.djs-element.djs-shape[data-element-id="${id}"]`);
    await shape('start').click();
    await page.locator('.djs-context-pad [data-action="append.append-task"]').click();
    await page.keyboard.press('Escape'); // leave the label editing the new task starts with
    await page.locator('.djs-context-pad [data-action="replace"]').click();
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
    await expect.poll(() => page.getByTestId('designer-panel').innerText()).toContain('用户任务');
    const taskId = await page.getByTestId('panel-id').inputValue();
    await page.locator('.djs-context-pad [data-action="append.end-event"]').click();
    await expect.poll(() => page.getByTestId('designer-dirty').count()).toBe(1);

    await shape(taskId).click();
    await expect.poll(() => page.getByTestId('designer-panel').innerText()).toContain('用户任务');
    await page.getByTestId('panel-name').fill('经理审批');
    await page.getByTestId('panel-name').press('Enter');
    // Assignee rule: a user chosen in the user picker.
    await page.getByTestId('panel-rule-add').click();
    await page.getByTestId('panel-rule-value-0').click();
    await chooseUser(page, '管理员');
    await expect.poll(() => page.getByTestId('panel-rule-value-0').inputValue()).toBe('管理员');
    // Buttons from the catalogue, and 金额 read-only at this node.
    await page.getByTestId('panel-buttons').getByText('同意', { exact: true }).click();
    await page.getByTestId('panel-buttons').getByText('驳回', { exact: true }).click();
    await page.getByTestId('panel-field-amount-writable').click();
    await expect.poll(() => page.getByTestId('panel-field-amount-required').isChecked()).toBe(false);
    // Undo and redo go through bpmn-js's command stack.
    await page.getByTestId('designer-undo').click();
    await expect.poll(() => page.getByTestId('panel-field-amount-writable').isChecked()).toBe(true);
    await page.getByTestId('designer-redo').click();
    await expect.poll(() => page.getByTestId('panel-field-amount-writable').isChecked()).toBe(false);
    await screenshot(page, 'wf-model-designer-user-task');

    await page.getByTestId('designer-version-remark').fill('第一版审批流程');
    await saveInDesigner();
    await expect.poll(() => page.getByTestId('designer-version').innerText()).toContain('2');
    const saved = (await api<{ xml: string }>('GET', `/api/blade-workflow/design/model/detail?id=${modelId}`)).data.xml;
    expect(saved).toContain(`<hjl:assignee type="user" value="${adminId}" />`);
    expect(saved).toContain('<hjl:button code="wf_pass" name="同意" />');
    expect(saved).toMatch(/<hjl:field name="amount" readable="true" writable="false" required="false" \/>/);
    // The model's form is the start form and the form of the task (which names none of its own).
    expect(saved.match(new RegExp(`flowable:formKey="${formKey}"`, 'g'))).toHaveLength(2);

    // Deploy from the list.
    await page.getByTestId('designer-back').click();
    await page.waitForURL('**/workflow/design/model');
    await page.getByTestId('crud-search-modelKey').fill(modelKey);
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => tableRows().count()).toBe(1);
    await page.getByTestId(`model-deploy-${modelId}`).click();
    await expect.poll(() => antMessage(page, '部署成功').count()).toBeGreaterThan(0);
    await screenshot(page, 'wf-model-list-deployed');

    const defs = await api<{ records: { id: string; key: string; version: number }[] }>('GET', `/api/blade-flow/manager/list?key=${modelKey}`);
    const def = defs.data.records.find((d) => d.key === modelKey)!;
    expect(def).toBeDefined();
    // The engine reads what the designer wrote: a started instance's task goes to the chosen user, with the buttons and the field permission.
    const started = await api<{ processInstanceId: string; tasks: { taskId: string; assignee: string }[] }>(
      'POST',
      '/api/blade-workflow/process/startProcess',
      { processDefinitionId: def.id, amount: 120, reason: '差旅' },
    );
    expect(started.code, started.msg).toBe(200);
    expect(started.data.tasks.map((t) => t.assignee)).toEqual([adminId]);
    const detail = await api<{ button: { code: string }[]; fields: { name: string; writable: boolean }[]; form: { formKey: string } }>(
      'GET',
      `/api/blade-workflow/process/detail?taskId=${started.data.tasks[0]!.taskId}&processInsId=${started.data.processInstanceId}`,
    );
    expect(detail.data.button.map((b) => b.code)).toEqual(['wf_pass', 'wf_reject']);
    expect(detail.data.fields).toContainEqual(expect.objectContaining({ name: 'amount', writable: false }));
    expect(detail.data.form.formKey).toBe(formKey);
  });

  it('lists the versions, shows one, edits its note, makes an older one main and deletes the other', async () => {
    await signIn();
    const modelKey = `wfa_design_${RUN}`;
    await openPath(page, '/workflow/design/model');
    await page.getByTestId('crud-search-modelKey').fill(modelKey);
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => tableRows().count()).toBe(1);
    const modelId = (await tableRows().first().getAttribute('data-row-key'))!;
    await page.getByTestId(`model-history-${modelId}`).click();
    await page.waitForURL(`**/workflow/design/model/history/${modelId}`);
    await expect.poll(() => tableRows().count()).toBe(2);
    expect(await tableRows().first().innerText()).toContain('第一版审批流程');
    await expect.poll(() => page.getByTestId('model-history-main-2').count()).toBe(1);

    await page.getByTestId('model-history-view-1').click();
    await expect.poll(() => page.getByTestId('diagram-viewer').getAttribute('data-state')).toBe('shown');
    await screenshot(page, 'wf-model-history-view');
    await dialog().locator('.ant-modal-close').click();

    const rowId = async (version: number) =>
      (await tableRows()
        .filter({ has: page.getByTestId(`model-history-view-${version}`) })
        .getAttribute('data-row-key'))!;
    const v1 = await rowId(1);
    await page.getByTestId(`crud-row-edit-${v1}`).click();
    await page.getByTestId('crud-form-remark').fill('空白流程');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '更新成功').count()).toBeGreaterThan(0);
    await expect.poll(() => tableRows().filter({ hasText: '空白流程' }).count()).toBe(1);

    // The main version cannot be deleted; version 1 made main, version 2 can.
    await page.getByTestId(`model-history-set-main-1`).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => page.getByTestId('model-history-main-1').count()).toBe(1);
    expect((await api<{ version: number }>('GET', `/api/blade-workflow/design/model/detail?id=${modelId}`)).data.version).toBe(1);
    const v2 = await rowId(2);
    await page.getByTestId(`crud-row-delete-${v2}`).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => tableRows().count()).toBe(1);
    await screenshot(page, 'wf-model-history');
    expect(errors).toEqual([]);
  });
});
