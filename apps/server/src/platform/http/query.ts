/**
 * List query parsing (API.md, Pages and lists): current/size with a cap, ascs/descs on declared sortable
 * fields only, filters with operator suffixes on declared filterable fields only. Keys that are neither (also
 * filter-shaped ones such as `password_like`) are ignored, as BladeX clients send keys a list does not filter
 * on; an operator that does not fit a declared filter (LIKE on a number), or a sort on a field that is not
 * sortable, is refused with a clear message. Values are returned, never spliced into SQL.
 */
import { isDateText, isIdText, MONEY_TEXT_RE } from '@hjl/core';
import { fail } from './errors.ts';

export type FilterOp = 'default' | 'equal' | 'notequal' | 'like' | 'notlike' | 'gt' | 'lt' | 'dategt' | 'datelt' | 'dateequal' | 'null' | 'notnull';

const OPS: readonly string[] = ['equal', 'notequal', 'like', 'notlike', 'gt', 'lt', 'dategt', 'datelt', 'dateequal', 'null', 'notnull', 'ignore'];

/** Keys of a list query that are never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth', '_t']);

export type ValueKind = 'text' | 'int' | 'id' | 'money' | 'date' | 'datetime';

export interface ListQuerySpec {
  /** field name → kind of its values */
  filterable: ReadonlyMap<string, ValueKind>;
  sortable: ReadonlySet<string>;
  maxSize: number;
}

export interface Filter {
  field: string;
  op: FilterOp;
  kind: ValueKind;
  value: string | number;
}

export interface ListQuery {
  current: number;
  size: number;
  sort: { field: string; dir: 'asc' | 'desc' }[];
  filters: Filter[];
}

function positiveInt(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const s = String(raw);
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1) throw fail(`${name}必须是正整数`);
  return Number(s);
}

function single(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  return v === undefined || v === null ? undefined : String(v);
}

const DATE_OPS: readonly string[] = ['dategt', 'datelt', 'dateequal'];

/** Whether an operator applies to a kind of value: LIKE compares text, the date operators dates. */
function fits(op: string, kind: ValueKind): boolean {
  if (op === 'like' || op === 'notlike') return kind === 'text';
  if (DATE_OPS.includes(op)) return kind === 'date' || kind === 'datetime';
  return true;
}

function parseValue(field: string, kind: ValueKind, op: FilterOp, raw: string): string | number {
  if (DATE_OPS.includes(op)) {
    if (!isDateText(raw, 'optional')) throw fail(`查询条件${field}的日期格式不正确`);
    return raw;
  }
  switch (kind) {
    case 'int':
      if (!/^-?\d{1,9}$/.test(raw)) throw fail('请求参数类型错误');
      return Number(raw);
    case 'id':
      if (!isIdText(raw)) throw fail('请求参数类型错误');
      return raw;
    case 'money':
      if (!MONEY_TEXT_RE.test(raw)) throw fail('请求参数类型错误');
      return raw;
    case 'date':
    case 'datetime':
      if (!isDateText(raw, 'optional')) throw fail(`查询条件${field}的日期格式不正确`);
      return raw;
    default:
      if (raw.length > 200) throw fail(`查询条件${field}过长`);
      return raw;
  }
}

export function parseListQuery(query: Record<string, unknown>, spec: ListQuerySpec, defaults?: { size?: number }): ListQuery {
  const current = positiveInt(single(query.current), 'current', 1);
  const size = Math.min(positiveInt(single(query.size), 'size', defaults?.size ?? 10), spec.maxSize);

  const sort: ListQuery['sort'] = [];
  for (const [key, dir] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = single(query[key]);
    if (!raw) continue;
    for (const part of raw.split(',')) {
      const name = part.trim();
      if (!name) continue;
      // Accept the snake_case column name the specs' clients send as well as the field name.
      const field = name.includes('_') ? name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : name;
      if (!spec.sortable.has(field)) throw fail(`不支持按该字段排序: ${name.slice(0, 40)}`);
      sort.push({ field, dir });
    }
  }

  const filters: Filter[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const value = single(rawValue);
    let field = key;
    let op: string = 'default';
    const cut = key.lastIndexOf('_');
    if (cut > 0 && OPS.includes(key.slice(cut + 1))) {
      field = key.slice(0, cut);
      op = key.slice(cut + 1);
    }
    const kind = spec.filterable.get(field);
    // Not a declared filter (BladeX clients send keys a list does not filter on, `password_like` included):
    // ignored, never reaches SQL (BUSINESS.md §1).
    if (!kind) continue;
    if (!fits(op, kind)) throw fail(`不支持的查询条件: ${key.slice(0, 60)}`);
    if (op === 'ignore') continue;
    if (op === 'null' || op === 'notnull') {
      filters.push({ field, op, kind, value: '' });
      continue;
    }
    if (value === undefined || value === '') continue; // an empty search box means no condition
    filters.push({ field, op: op as FilterOp, kind, value: parseValue(field, kind, op as FilterOp, value) });
  }
  return { current, size, sort, filters };
}

export { parseIds } from './params.ts';
