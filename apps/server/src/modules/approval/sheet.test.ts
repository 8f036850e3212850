/**
 * 打印审批单 (`GET <api>/print`, docs/workflow.md): the PDF of a demo payment and of an expense claim with lines, read
 * back with pdf.js — the company, fields, the 大写 amount, lines, attachments, each trail node with its approver and
 * comment, the file's serial number and print time —; a batch of two in one file; another tenant's id 404 with
 * nothing of the record in the answer; a user who may not see the record 403; bad ids 400; no font → a Chinese 400.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant, userIds } from '../../testing/db.ts';
import { ok, refused, users } from '../../testing/http.ts';
import { SHEET_FONT_MISSING, renderSheets } from './sheet-pdf.ts';

let t: TestApp;
const { tok, call, login, loginAs, approveAs } = users(() => t);
const ids: Record<string, string> = {};
const B = '/api/business';
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
let company = '';
let payment = { id: '', processInstanceId: '' };
let claim = { id: '', processInstanceId: '' };

/** The answer's text, pages joined (pdf.js splits a line into runs; they are joined without spaces). */
async function pdfText(body: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  return { pages: pdf.numPages, text };
}

/** A stored file's link as the upload answers it. */
const fileLink = (ext: string) => `/api/blade-resource/oss/endpoint/file/local/20261123/${'8'.repeat(32)}.${ext}`;

const print = (who: string, api: string, idList: string) => t.call(tok[who], { method: 'GET', url: `${B}/${api}/print`, query: { ids: idList } });

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('lihong', 'zhangwei', 'sunlei', 'wufang', 'chenjing');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  company = String((await t.database.raw(`SELECT tenant_name FROM blade_tenant WHERE tenant_id = '000000'`))[0]!.tenant_name);
  // 赵敏 with a role that grants nothing: no menu code of any kind.
  const bare = nextId();
  await t.database.raw(`INSERT INTO blade_role (id, tenant_id, role_name, role_alias) VALUES ($1, '000000', '无权限', 'nothing')`, [bare]);
  await t.database.raw(`UPDATE blade_user SET role_id = $1 WHERE id = $2`, [bare, ids.zhaomin]);
  await login('zhaomin');

  payment = ok(
    await call('zhangwei', 'POST', `${B}/hjlApplyPayment/start`, {
      title: '外包测量费',
      amount: '1200.50',
      costType: 2,
      businessSubjectType: 1,
      personId: ids.chenjing,
      personName: '陈静',
      filePath: [{ label: '测量合同.pdf', value: fileLink('pdf') }],
    }),
  ).body.data;
  ok(await approveAs('sunlei', payment.processInstanceId, true, {}, { more: { comment: '情况属实同意付款' } }));
  ok(
    await approveAs(
      'lihong',
      payment.processInstanceId,
      true,
      {},
      { more: { comment: '财务复核无误', attachment: [{ label: '复核表.xlsx', value: fileLink('xlsx') }] } },
    ),
  );

  claim = ok(
    await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, {
      title: '苏州项目出差',
      lines: [
        { expenseDate: `${year}-03-02`, expenseType: 1, amount: '320.40', billCount: 2, remark: '南京至苏州高铁' },
        { expenseDate: `${year}-03-03`, expenseType: 4, amount: '85.60', billCount: 3 },
      ],
    }),
  ).body.data;
  ok(await approveAs('sunlei', claim.processInstanceId, true, {}, { more: { comment: '出差属实' } }));
}, 180_000);
afterAll(() => t.close());

describe('打印审批单', () => {
  it('a payment: company, fields, 大写, attachments, each node with approver and comment, serial number and print time', async () => {
    const res = await print('zhangwei', 'hjlApplyPayment', payment.id);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('application/pdf');
    expect(String(res.res.headers['content-disposition'])).toContain(encodeURIComponent('付款申请审批单.pdf'));
    const pdf = res.res.rawPayload;
    // The font is embedded as a subset of the glyphs used, not the whole CJK font (about 16 MB).
    expect(pdf.length).toBeLessThan(400_000);
    const { text } = await pdfText(pdf);
    expect(text).toContain(company);
    expect(text).toContain('付款申请审批单');
    expect(text).toContain('外包测量费');
    expect(text).toContain('1,200.50元');
    expect(text).toContain('壹仟贰佰元伍角');
    expect(text).toContain('测量合同.pdf');
    expect(text).toContain('复核表.xlsx');
    // The trail: the applicant's start, both approvals with their comments, the cashier's node still open.
    for (const piece of ['张伟', '提交', '孙磊', '情况属实同意付款', '李红', '财务复核无误', '待审批']) expect(text).toContain(piece);
    // The instance's own serial number (流水号) heads its trail.
    const { serialNumber } = (await call('zhangwei', 'GET', `${B}/hjlApplyPayment/detail`, { id: payment.id })).body.data;
    expect(serialNumber).toBeTruthy();
    expect(text).toContain(`流水号 ${serialNumber}`);
    expect(text).toMatch(/审批单编号: HJ-SPD-\d{8}-\d{4}/);
    expect(text).toMatch(new RegExp(`打印时间: ${year}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}`));
  });

  it('an expense claim: its lines, its total with 大写 and the leader’s comment; each print takes the next number', async () => {
    const first = await print('zhangwei', 'hjlApplyExpense', claim.id);
    expect(first.status).toBe(200);
    const { text } = await pdfText(first.res.rawPayload);
    expect(text).toContain('费用报销审批单');
    expect(text).toContain('苏州项目出差');
    expect(text).toContain('肆佰零陆元整');
    expect(text).toContain('320.40');
    expect(text).toContain('85.60');
    expect(text).toContain('南京至苏州高铁');
    expect(text).toContain('出差属实');
    const again = await pdfText((await print('zhangwei', 'hjlApplyExpense', claim.id)).res.rawPayload);
    const number = (s: string) => /审批单编号: (HJ-SPD-\d{8}-\d{4})/.exec(s)?.[1];
    expect(number(text)).toBeTruthy();
    expect(number(again.text)).not.toBe(number(text));
  });

  it('a batch of two: both records in one file, each on its own pages, under one serial number', async () => {
    const second = ok(await call('zhangwei', 'POST', `${B}/hjlApplyPayment/start`, { title: '办公耗材采购', amount: '88.00', costType: 2 })).body.data;
    const res = await print('zhangwei', 'hjlApplyPayment', `${payment.id},${second.id}`);
    expect(res.status).toBe(200);
    const { pages, text } = await pdfText(res.res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('外包测量费');
    expect(text).toContain('办公耗材采购');
    expect(text).toContain('捌拾捌元整');
    expect(text.match(/审批单编号: (HJ-SPD-\d{8}-\d{4})/g)?.length).toBe(pages);
    expect(new Set(text.match(/HJ-SPD-\d{8}-\d{4}/g)).size).toBe(1);
  });

  it('another tenant’s id is 404 and reveals nothing; a user who may not see it 403; a refused print takes no number', async () => {
    const numbered = async () =>
      Number((await t.database.raw(`SELECT coalesce(sum(value), 0)::int AS n FROM blade_number_counter WHERE kind = 'approvalSheet'`))[0]!.n);
    const before = await numbered();
    const other = await print('b', 'hjlApplyPayment', payment.id);
    expect(other.status).toBe(404);
    expect(other.res.headers['content-type']).not.toBe('application/pdf');
    expect(other.res.payload).not.toContain('外包测量费');
    // A batch with one foreign id is refused whole.
    expect((await print('b', 'hjlApplyExpense', claim.id)).status).toBe(404);
    // No menu code and no part in its process.
    const bare = await print('zhaomin', 'hjlApplyPayment', payment.id);
    expect(bare.status).toBe(403);
    expect(bare.res.payload).not.toContain('外包测量费');
    // Another applicant (the finance rule: one's own applications) is not in its process either.
    expect((await print('chenjing', 'hjlApplyExpense', claim.id)).status).toBe(403);
    expect(await numbered()).toBe(before);
    // An approver in its process may print it, as they may read its detail: that file is numbered.
    expect((await print('sunlei', 'hjlApplyExpense', claim.id)).status).toBe(200);
    expect(await numbered()).toBe(before + 1);
  });

  it('bad ids are a Chinese 400; no font on the server is a Chinese 400, not a 500', async () => {
    refused(await print('zhangwei', 'hjlApplyPayment', ''), '请选择要打印的数据');
    refused(await print('zhangwei', 'hjlApplyPayment', 'abc'), '');
    refused(await print('zhangwei', 'hjlApplyPayment', Array.from({ length: 51 }, (_, i) => String(i + 1)).join(',')), '一次最多打印50条审批单');
    await expect(renderSheets({ company, serialNumber: 'X', printTime: '', sheets: [] }, { path: '/nonexistent/font.ttc', family: 'x' })).rejects.toMatchObject(
      { code: 400, message: SHEET_FONT_MISSING },
    );
  });
});
