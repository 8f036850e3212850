/**
 * The administrator's way to fill the lookup tables (BUSINESS.md §3 WP8a; docs/excel.md): a template per table and
 * an import with its dry run, at `/api/business/lookup/<table>/import-template` and `…/import`. The columns are
 * the definition's fields; a field naming another lookup row (上级分类, 所属分类, 所属指标, 材料, 专业) is written
 * as that row's name (or code) and looked up in the tenant's table — a category may name one given above it in
 * the same file. Every row is checked by the definition's own rules; nothing is saved while any cell is wrong.
 */
import { LOOKUP_MENU, submitSchema, type EntityDef, type FieldDef } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import {
  readUpload,
  readWorkbook,
  runImport,
  sendWorkbook,
  templateWorkbook,
  type DictOption,
  type ExcelColumn,
  type SheetRow,
} from '../../platform/excel/index.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';

/** A field naming another row: the column's header, and the table and column its text is looked up in. */
export interface ImportRef {
  header: string;
  table: PgTable;
  /** The column the cell's text names (a name or a code). */
  by: PgColumn;
  id: PgColumn;
  tenant: PgColumn;
  live: PgColumn;
  /** The rows of this very file may be named (a category's parent given above it); blank is this value. */
  self?: { blank: string };
}

export interface ImportTable {
  def: EntityDef;
  table: PgTable;
  refs?: Record<string, ImportRef>;
}

const truthy = (v: unknown) => v === true || v === '1' || v === 'true';
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** The sheet's columns: one per field, a referencing field as the name it names. */
async function columnsOf(t: ImportTable, user: AuthUser, dictionary: DictStores['optionsOf']): Promise<ExcelColumn[]> {
  const columns: ExcelColumn[] = [];
  for (const [key, f] of Object.entries(t.def.fields) as [string, FieldDef][]) {
    const ref = t.refs?.[key];
    if (f.type === 'id' && !ref) continue;
    if (ref) {
      columns.push({ key, header: ref.header, required: ref.self ? undefined : f.required, max: 200, width: 24 });
      continue;
    }
    const dict: DictOption[] | undefined = f.dict ? await dictionary(user, f) : undefined;
    columns.push({
      key,
      header: f.label.zh,
      required: f.required,
      ...(f.max ? { max: f.max } : {}),
      ...(dict ? { dict } : {}),
      type: f.type === 'int' && !dict ? 'int' : f.type === 'date' ? 'date' : 'text',
      width: f.type === 'text' ? 40 : 16,
    });
  }
  return columns;
}

/** The ids of the texts a referencing column names among the tenant's live rows; a text borne by several is absent. */
async function namedIds(db: Db, tenantId: string, ref: ImportRef, texts: string[]): Promise<{ ids: Map<string, string>; ambiguous: Set<string> }> {
  const rows = texts.length
    ? await db
        .select({ by: ref.by, id: ref.id })
        .from(ref.table)
        .where(and(eq(ref.tenant, tenantId), eq(ref.live, 0), inArray(ref.by, texts)))
    : [];
  const ids = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const r of rows) {
    const k = String(r.by);
    if (ids.has(k)) ambiguous.add(k);
    ids.set(k, String(r.id));
  }
  for (const k of ambiguous) ids.delete(k);
  return { ids, ambiguous };
}

/** Checks one table's sheet and saves it in one transaction (none of it when any row is wrong). */
async function importSheet(db: Db, t: ImportTable, user: AuthUser, rows: SheetRow[], refs: Map<string, Awaited<ReturnType<typeof namedIds>>>) {
  const schema = submitSchema(t.def);
  const fields = t.def.fields as Record<string, FieldDef>;
  const ownNames = new Map<string, string>();
  return {
    check(row: SheetRow, error: (column: string, message: string) => void, cellErrors: Set<string>): Row | undefined {
      const id = nextId();
      const body: Row = {};
      for (const [key, value] of Object.entries(row.values)) if (fields[key]) body[key] = typeof value === 'string' ? value.trim() || null : value;
      for (const [key, ref] of Object.entries(t.refs ?? {})) {
        const name = text(body[key]);
        if (!name) {
          body[key] = ref.self?.blank ?? null;
          continue;
        }
        const found = refs.get(key);
        const hit = (ref.self ? ownNames.get(name) : undefined) ?? found?.ids.get(name);
        if (hit) body[key] = hit;
        else {
          error(ref.header, found?.ambiguous.has(name) ? `${ref.header} [${name}] 重名,无法确定` : `${ref.header}不存在: ${name}`);
          body[key] = undefined;
        }
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0]);
          const column = t.refs?.[key]?.header ?? fields[key]?.label.zh ?? key;
          if (!cellErrors.has(`${row.row}:${column}`) && body[key] !== undefined) error(column, issue.message);
        }
        return undefined;
      }
      const selfRef = Object.entries(t.refs ?? {}).find(([, r]) => r.self);
      if (selfRef) {
        const nameField = Object.keys(fields).find((k) => k === 'categoryName');
        if (nameField && parsed.data[nameField]) ownNames.set(String(parsed.data[nameField]), id);
      }
      return { ...(parsed.data as Row), id };
    },
    async save(items: Row[]) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < items.length; i += 500)
          await tx.insert(t.table).values(
            items.slice(i, i + 500).map((item) => ({
              ...item,
              tenantId: user.tenantId,
              createUser: user.userId,
              createDept: user.deptIds[0] ?? null,
              updateUser: user.userId,
            })) as never,
          );
      });
    },
  };
}

/**
 * One template and one import route per table (static paths: a table is not a parameter, so nothing the caller
 * sends is echoed or looked up by name).
 */
export function registerLookupImport(ctx: ModuleContext, dicts: DictStores, tables: ImportTable[]) {
  const db = ctx.database.db;
  const tags = ['数据库导入'];
  const requires = { code: LOOKUP_MENU.import };
  for (const t of tables) {
    const base = `/api/business/lookup/${t.def.table}`;
    ctx.route({
      method: 'GET',
      url: `${base}/import-template`,
      summary: `${t.def.label.zh}导入模板`,
      tags,
      requires,
      raw: true,
      handler: async ({ user, reply }) =>
        sendWorkbook(reply, `${t.def.label.zh}导入模板.xlsx`, await templateWorkbook(t.def.label.zh, await columnsOf(t, user, dicts.optionsOf))),
    });
    ctx.route({
      method: 'POST',
      url: `${base}/import`,
      summary: `导入${t.def.label.zh}(multipart file; dryRun 只校验)`,
      tags,
      requires,
      query: z.looseObject({ dryRun: z.string().optional() }),
      handler: async ({ user, req }) => {
        const upload = await readUpload(req);
        const dryRun = truthy({ ...upload.fields, ...(req.query as Record<string, string>) }.dryRun);
        const sheet = await readWorkbook(upload.buffer, await columnsOf(t, user, dicts.optionsOf));
        const refs = new Map<string, Awaited<ReturnType<typeof namedIds>>>();
        for (const [key, ref] of Object.entries(t.refs ?? {})) {
          const texts = [...new Set(sheet.rows.map((r) => text(r.values[key])).filter((v): v is string => !!v))];
          refs.set(key, await namedIds(db, user.tenantId, ref, texts));
        }
        const cellErrors = new Set(sheet.errors.map((e) => `${e.row}:${e.column}`));
        const run = await importSheet(db, t, user, sheet.rows, refs);
        return runImport<Row>(sheet, { dryRun, check: (row, error) => run.check(row, error, cellErrors), save: (items) => run.save(items) });
      },
    });
  }
}
