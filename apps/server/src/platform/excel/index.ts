/**
 * Excel import and export shared by every area (docs/excel.md). An area describes its sheet once as a list
 * of `ExcelColumn`s and gets:
 * - `writeWorkbook`: rows → .xlsx, Chinese header labels, dictionary keys shown as their labels;
 * - `templateWorkbook`: the empty sheet to fill in (required columns marked, allowed values as notes);
 * - `readWorkbook`: an uploaded .xlsx → rows of text keyed by column, with per-cell errors for what the
 *   sheet alone can tell (missing required value, unknown dictionary label, bad date or number, too long);
 * - `runImport`: the dry run and the all-or-nothing save on top of that, with the area's own checks
 *   against the database;
 * - `readUpload` / `sendWorkbook`: the multipart file in, the download out.
 * Nothing here knows a module; callers pass their own transaction in `save`.
 */
import type ExcelJS from 'exceljs';

/** exceljs is large (seconds and tens of MB to load): loaded on the first import or export, not at start. */
async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDateText } from '@hjl/core';
import { fail } from '../http/errors.ts';
import { cleanFileName, readFileLimited, refuseOversizedUpload } from '../http/guard.ts';

export interface DictOption {
  key: string;
  label: string;
}

export interface ExcelColumn {
  /** Property of the row objects (export) and of the parsed rows (import). */
  key: string;
  /** Header label in the sheet (Chinese). Imports find columns by this label, in any order. */
  header: string;
  /** Column width in characters. */
  width?: number;
  /** Message when the cell is blank on import; the header shows a `*`. */
  required?: string;
  /** Stored keys and their labels: exported as labels; on import a label (or the key itself) is accepted. */
  dict?: readonly DictOption[];
  /** Value kind on import: `date` accepts Excel dates and yyyy-MM-dd text; `int` whole numbers. Default text. */
  type?: 'text' | 'int' | 'date';
  /** Longest text accepted on import. */
  max?: number;
  /** Further check of a non-blank cell on import; answers the message to report. */
  check?(value: string): string | undefined;
  /** Present in exports only (e.g. a creation time); left out of the template and ignored on import. */
  exportOnly?: boolean;
}

/** One problem of an import: the sheet's row number (as Excel shows it), the column's header and the message. */
export interface CellError {
  row: number;
  column: string;
  message: string;
}

/** A data row of an uploaded sheet: its row number and the cells by column key (null when blank). */
export interface SheetRow {
  row: number;
  values: Record<string, string | number | null>;
}

export interface ParsedSheet {
  rows: SheetRow[];
  errors: CellError[];
}

export interface ImportReport {
  /** Data rows in the sheet. */
  total: number;
  /** Rows saved (0 on a dry run or when anything failed). */
  imported: number;
  errors: CellError[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Largest sheet accepted, in data rows. */
export const MAX_IMPORT_ROWS = 5000;
/** Largest upload accepted for an import, in bytes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const headerFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F3FF' } };

function addSheet(workbook: ExcelJS.Workbook, name: string, columns: readonly ExcelColumn[], mark: boolean) {
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: mark && c.required ? `${c.header}*` : c.header,
    width: c.width ?? Math.max(12, c.header.length * 2 + 4),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = headerFill;
    cell.alignment = { vertical: 'middle', horizontal: 'center' };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return sheet;
}

function exportValue(column: ExcelColumn, value: unknown): string | number | null {
  if (value === undefined || value === null || value === '') return null;
  if (column.dict) return column.dict.find((o) => o.key === String(value))?.label ?? String(value);
  if (typeof value === 'number') return value;
  return String(value);
}

/** An .xlsx with one sheet: the header labels, then one line per row. */
export async function writeWorkbook(sheetName: string, columns: readonly ExcelColumn[], rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = addSheet(workbook, sheetName, columns, false);
  for (const r of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, exportValue(c, r[c.key])])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The empty sheet of an import: headers (required ones marked `*`), allowed values as header notes. */
export async function templateWorkbook(sheetName: string, columns: readonly ExcelColumn[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  const importable = columns.filter((c) => !c.exportOnly);
  const sheet = addSheet(workbook, sheetName, importable, true);
  importable.forEach((c, i) => {
    const notes = [
      c.required ? '必填' : '',
      c.dict ? `可选值: ${c.dict.map((o) => o.label).join('/')}` : '',
      c.type === 'date' ? '格式: yyyy-MM-dd' : '',
    ].filter(Boolean);
    if (notes.length) sheet.getRow(1).getCell(i + 1).note = notes.join('\n');
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The text of a cell whatever Excel stored in it (rich text, hyperlink, formula result, date). */
function cellText(cell: ExcelJS.Cell): { text: string; date?: Date } {
  const v = cell.value;
  if (v === null || v === undefined) return { text: '' };
  if (v instanceof Date) return { text: '', date: v };
  if (typeof v === 'object') {
    if ('richText' in v) return { text: v.richText.map((t) => t.text).join('') };
    if ('result' in v)
      return v.result instanceof Date ? { text: '', date: v.result } : { text: v.result === undefined || v.result === null ? '' : String(v.result) };
    if ('text' in v) return { text: String(v.text) };
    return { text: cell.text ?? '' };
  }
  return { text: String(v) };
}

function parseCell(column: ExcelColumn, cell: ExcelJS.Cell): { value: string | number | null; error?: string } {
  const { text: raw, date } = cellText(cell);
  const text = raw.trim();
  if (date) {
    // Excel dates carry no zone: exceljs reads them as UTC midnight.
    const value = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return column.type === 'date' ? { value } : { value, error: `${column.header}必须是文本` };
  }
  if (!text) return { value: null, ...(column.required ? { error: column.required } : {}) };
  if (column.dict) {
    const hit = column.dict.find((o) => o.label === text) ?? column.dict.find((o) => o.key === text);
    if (!hit) return { value: text, error: `${column.header}只能是: ${column.dict.map((o) => o.label).join('/')}` };
    return { value: hit.key };
  }
  if (column.type === 'int') {
    if (!/^-?\d{1,9}$/.test(text)) return { value: text, error: `${column.header}必须是整数` };
    return { value: Number(text) };
  }
  if (column.type === 'date') {
    const normalised = text
      .replace(/\//g, '-')
      .replace(/^(\d{4})-(\d)-/, '$1-0$2-')
      .replace(/-(\d)$/, '-0$1');
    if (!isDateText(normalised)) return { value: text, error: `${column.header}格式应为yyyy-MM-dd` };
    return { value: normalised };
  }
  if (column.max && text.length > column.max) return { value: text, error: `${column.header}最多${column.max}个字符` };
  const message = column.check?.(text);
  return message ? { value: text, error: message } : { value: text };
}

/**
 * Reads the first sheet of an .xlsx: row 1 holds the headers (a trailing `*` is ignored), each later
 * non-blank row is a record. Answers the rows and every cell error found; throws 400 when the file is not
 * a readable workbook, has no data rows, lacks a required column or has more than `maxRows` rows.
 */
export async function readWorkbook(buffer: Buffer, columns: readonly ExcelColumn[], maxRows = MAX_IMPORT_ROWS): Promise<ParsedSheet> {
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw fail('文件不是有效的Excel(.xlsx)文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail('Excel中没有工作表');
  const importable = columns.filter((c) => !c.exportOnly);
  const position = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const label = cellText(cell).text.trim().replace(/\*$/, '').trim();
    const column = importable.find((c) => c.header === label);
    if (column && !position.has(column.key)) position.set(column.key, col);
  });
  const missing = importable.filter((c) => c.required && !position.has(c.key)).map((c) => c.header);
  if (missing.length) throw fail(`Excel缺少必填列: ${missing.join('、')}`);

  const rows: SheetRow[] = [];
  const errors: CellError[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const line = sheet.getRow(r);
    const blank = importable.every((c) => {
      const at = position.get(c.key);
      return at === undefined || (!cellText(line.getCell(at)).text.trim() && !(line.getCell(at).value instanceof Date));
    });
    if (blank) continue;
    if (rows.length >= maxRows) throw fail(`一次最多导入${maxRows}行数据`);
    const values: SheetRow['values'] = {};
    for (const c of importable) {
      const at = position.get(c.key);
      if (at === undefined) {
        values[c.key] = null;
        continue;
      }
      const { value, error } = parseCell(c, line.getCell(at));
      values[c.key] = value;
      if (error) errors.push({ row: r, column: c.header, message: error });
    }
    rows.push({ row: r, values });
  }
  if (!rows.length) throw fail('Excel中没有可导入的数据');
  return { rows, errors };
}

/**
 * The two steps of every import. `check` looks at one parsed row against the database and reports problems
 * through `error(columnHeader, message)`, answering what to save (or undefined). A dry run answers the report
 * and saves nothing. A real import saves only when no row has any error — `save` receives every checked item
 * and must write them in one transaction — and otherwise refuses with 400 and saves nothing.
 */
export async function runImport<T>(
  sheet: ParsedSheet,
  opts: {
    dryRun: boolean;
    check(row: SheetRow, error: (column: string, message: string) => void): Promise<T | undefined> | T | undefined;
    save(items: T[]): Promise<void>;
  },
): Promise<ImportReport> {
  const errors = [...sheet.errors];
  const items: T[] = [];
  for (const row of sheet.rows) {
    // Rows whose cells already failed are still checked, so the report lists all their problems at once.
    const item = await opts.check(row, (column, message) => errors.push({ row: row.row, column, message }));
    if (item !== undefined) items.push(item);
  }
  errors.sort((a, b) => a.row - b.row);
  const report: ImportReport = { total: sheet.rows.length, imported: 0, errors };
  if (opts.dryRun) return report;
  const [first] = errors;
  if (first) {
    throw fail(`导入失败,共${errors.length}处错误,第${first.row}行「${first.column}」: ${first.message}`);
  }
  await opts.save(items);
  return { ...report, imported: items.length };
}

/**
 * The one uploaded .xlsx of a multipart request (field name `file`, any other name accepted too) and the
 * text fields sent before it. Refuses a request without a file, a file that is not .xlsx, or one over
 * `maxBytes` (413).
 */
export async function readUpload(
  req: FastifyRequest,
  maxBytes = MAX_IMPORT_BYTES,
): Promise<{ buffer: Buffer; filename: string; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw fail('请上传Excel文件');
  refuseOversizedUpload(req, maxBytes, '上传文件过大', 413);
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw fail('请上传Excel文件');
  if (!/\.xlsx$/i.test(part.filename)) {
    part.file.resume();
    throw fail('请上传 .xlsx 格式的Excel文件');
  }
  const buffer = await readFileLimited(part.file, maxBytes, '上传文件过大', 413);
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field') fields[name] = String(f.value);
  }
  return { buffer, filename: cleanFileName(part.filename), fields };
}

/** Sends an .xlsx as a download named `filename` (Chinese names kept through RFC 5987). */
export function sendWorkbook(reply: FastifyReply, filename: string, buffer: Buffer) {
  const name = filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`;
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(buffer);
}
