/**
 * Excel export of an entity's list (EntityDef.exportable): `GET <api>/export` with the list's own filters and
 * sorts, confined to the caller's tenant and data scope like the list, and `columns` naming the list columns
 * the page shows (in that order; default every list column). Dictionary fields are written as their labels,
 * fields with a `display` as the derived name. Permission `<name>_export`.
 */
import { permissionCodes, type EntityDef, type FieldDef } from '@hjl/core';
import { z } from 'zod';
import { sendWorkbook, writeWorkbook, type DictOption, type ExcelColumn } from '../excel/index.ts';
import { fail } from '../http/errors.ts';
import type { Router } from '../http/route.ts';
import type { AuthUser } from '../auth/user.ts';
import type { EntityRepo, Row } from './repo.ts';

/** Largest export, in rows. */
export const MAX_EXPORT_ROWS = 10_000;

/** Labels of a dictionary field's keys (system or business dictionary, for the caller's tenant). */
export type DictionaryLookup = (user: AuthUser, field: FieldDef) => Promise<DictOption[]>;

/** The list columns named by `columns` (comma separated field names), or all of them; unknown names are refused. */
export function exportColumns(def: EntityDef, columns: string | undefined): [string, FieldDef][] {
  const listed = Object.entries(def.fields).filter(([, f]) => f.list);
  if (!columns?.trim()) return listed;
  const names = columns
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const chosen: [string, FieldDef][] = [];
  for (const name of names) {
    const hit = listed.find(([n]) => n === name);
    if (!hit) throw fail(`不支持导出该列: ${name}`);
    if (!chosen.includes(hit)) chosen.push(hit);
  }
  return chosen;
}

export function registerEntityExport(
  route: Router,
  repo: EntityRepo,
  opts: { dictionary: DictionaryLookup; decorateRows?: (user: AuthUser, rows: Row[]) => Promise<Row[]> | Row[] },
) {
  const def = repo.def;
  route({
    method: 'GET',
    url: `${def.api}/${def.exportPath ?? 'export'}`,
    summary: `导出${def.label.zh}(按列表条件与显示的列,令牌也可用 ?blade-auth=)`,
    tags: [def.label.zh],
    requires: { code: permissionCodes(def).export },
    raw: true,
    query: z.looseObject({ columns: z.string().optional() }),
    handler: async ({ user, req, reply }) => {
      const { columns: named, ...query } = req.query as Record<string, unknown>;
      const fields = exportColumns(def, typeof named === 'string' ? named : undefined);
      const page = await repo.page(user, { ...query, current: '1', size: String(MAX_EXPORT_ROWS) }, [], MAX_EXPORT_ROWS);
      const rows = opts.decorateRows ? await opts.decorateRows(user, page.records) : page.records;
      const columns: ExcelColumn[] = [];
      for (const [name, field] of fields) {
        columns.push({
          key: field.display ?? name,
          header: field.label.zh,
          width: field.width ? Math.max(10, Math.round(field.width / 7)) : undefined,
          dict: field.dict ? await opts.dictionary(user, field) : undefined,
        });
      }
      return sendWorkbook(reply, `${def.label.zh}.xlsx`, await writeWorkbook(def.label.zh, columns, rows));
    },
  });
}
