/**
 * The printed approval sheet (审批单, docs/workflow.md "打印审批单") as an A4 PDF: one sheet per record, each on
 * pages of its own, in one file — the company, the file's serial number and print time, the record's fields, its
 * lines, its attachments and its approval trail. pdfkit embeds only the glyphs used of the CJK font (a subset), so
 * a sheet stays some tens of kilobytes.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { fail } from '../../platform/http/errors.ts';

/** Debian's fonts-noto-cjk (installed by .ci/run and the deployment, docs/deployment.md). */
export const SHEET_FONT = { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' };
export const SHEET_FONT_MISSING = '服务器未安装中文字体(fonts-noto-cjk),无法生成审批单,请联系管理员';

/** One step of a trail as printed: the node, who acted, what they did, their comment and when. */
export interface SheetStep {
  node: string;
  approver: string;
  action: string;
  comment: string;
  time: string;
}

/** One process instance a record has had (a resubmission is another). */
export interface SheetRound {
  title: string;
  steps: SheetStep[];
}

export interface ApprovalSheet {
  /** 付款申请审批单 … */
  title: string;
  fields: { label: string; value: string }[];
  lines?: { title: string; columns: string[]; rows: string[][] };
  attachments: string[];
  rounds: SheetRound[];
}

export interface SheetFile {
  company: string;
  serialNumber: string;
  printTime: string;
  sheets: ApprovalSheet[];
}

const MARGIN = 40;
const FONT = 'sheet';
const CELL_PAD = 4;
const TEXT_SIZE = 9;
const TRAIL_WIDTHS = [90, 75, 60, 175, 115];

type Doc = PDFKit.PDFDocument;

/** A table row of cells with the given widths, on a new page when it does not fit; `head` rows are shaded. */
function row(doc: Doc, widths: number[], cells: string[], head = false) {
  doc.fontSize(TEXT_SIZE);
  const heights = cells.map((c, i) => doc.heightOfString(c || ' ', { width: (widths[i] ?? 0) - 2 * CELL_PAD }));
  const h = Math.max(...heights) + 2 * CELL_PAD;
  if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((c, i) => {
    const w = widths[i] ?? 0;
    if (head) doc.rect(x, top, w, h).fillAndStroke('#f0f0f0', '#888888');
    else doc.rect(x, top, w, h).stroke('#888888');
    doc.fillColor('#000000').text(c, x + CELL_PAD, top + CELL_PAD, { width: w - 2 * CELL_PAD });
    x += w;
  });
  doc.x = MARGIN;
  doc.y = top + h;
}

function heading(doc: Doc, text: string) {
  if (doc.y + 40 > doc.page.height - MARGIN) doc.addPage();
  doc.moveDown(0.6).fontSize(11).fillColor('#000000').text(text, MARGIN, doc.y).moveDown(0.3);
}

function drawSheet(doc: Doc, file: SheetFile, sheet: ApprovalSheet) {
  const width = doc.page.width - 2 * MARGIN;
  doc.fontSize(16).text(file.company, MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.2).fontSize(14).text(sheet.title, { width, align: 'center' });
  doc.moveDown(0.4).fontSize(TEXT_SIZE).text(`审批单编号: ${file.serialNumber}    打印时间: ${file.printTime}`, { width, align: 'right' });
  doc.moveDown(0.4);
  heading(doc, '基本信息');
  for (const f of sheet.fields) row(doc, [110, width - 110], [f.label, f.value]);
  if (sheet.lines && sheet.lines.rows.length) {
    heading(doc, sheet.lines.title);
    const w = width / sheet.lines.columns.length;
    const widths = sheet.lines.columns.map(() => w);
    row(doc, widths, sheet.lines.columns, true);
    for (const r of sheet.lines.rows) row(doc, widths, r);
  }
  heading(doc, '附件');
  if (sheet.attachments.length) sheet.attachments.forEach((a, i) => row(doc, [30, width - 30], [String(i + 1), a]));
  else row(doc, [width], ['无']);
  heading(doc, '审批记录');
  if (!sheet.rounds.length) row(doc, [width], ['尚未发起审批']);
  for (const round of sheet.rounds) {
    row(doc, [width], [round.title], true);
    row(doc, TRAIL_WIDTHS, ['审批节点', '审批人', '操作', '审批意见', '时间'], true);
    for (const s of round.steps) row(doc, TRAIL_WIDTHS, [s.node, s.approver, s.action, s.comment, s.time]);
  }
}

/** A server without the CJK font refuses to print with a Chinese message (before anything is numbered). */
export function assertSheetFont(font = SHEET_FONT) {
  if (!existsSync(font.path)) throw fail(SHEET_FONT_MISSING);
}

/** The sheets as one PDF file, each starting on a page of its own. */
export async function renderSheets(file: SheetFile, font = SHEET_FONT): Promise<Buffer> {
  assertSheetFont(font);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: `${file.company} 审批单 ${file.serialNumber}` } });
  doc.registerFont(FONT, font.path, font.family);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const sheet of file.sheets) {
    doc.addPage();
    doc.font(FONT).lineWidth(0.5);
    drawSheet(doc, file, sheet);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
