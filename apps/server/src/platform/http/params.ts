/**
 * The zod schemas of the parameters every area reads: one id, a list of ids, a yes/no flag. Their messages
 * are API.md's: a missing parameter is `缺少必要的请求参数: <name>` (from configureZod), a malformed one
 * `请求参数类型错误` unless the caller names its own message (a form field's `<label>格式不正确`).
 */
import { isIdText } from '@hjl/core';
import { z } from 'zod';
import { fail } from './errors.ts';

export interface IdOptions {
  /** The message of a malformed id (default 请求参数类型错误). */
  message?: string;
  /** The id 0 is refused as well (a parent id where 0 means "none" is not this). */
  nonZero?: boolean;
}

const BAD = '请求参数类型错误';

/** One id: a snowflake id as text; a JSON number is read as its digits. */
export function idField(opts: IdOptions = {}) {
  const message = opts.message ?? BAD;
  return z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((v) => isIdText(v) && !(opts.nonZero && v === '0'), { message });
}

/** Most ids one call may name. */
export const MAX_IDS = 1000;

export interface IdsOptions extends IdOptions {
  /** The parameter's name in the default message of a blank list (default ids). */
  name?: string;
  /**
   * The message of an absent or blank list (default: absent is `缺少必要的请求参数: <the parameter>`, blank
   * `缺少必要的请求参数: <name>`).
   */
  missing?: string;
  /** A blank list is the empty list, not a missing one (absent stays absent: add `.optional()`). */
  allowEmpty?: boolean;
  /** Most ids one list may hold (default MAX_IDS), and the message beyond them (default 一次最多操作<max>条数据). */
  max?: number;
  tooMany?: string;
  /** A repeated id is answered once. */
  unique?: boolean;
}

/**
 * A list of ids: `1,2,3` (a query parameter or form value), a JSON array of ids, or one id as a JSON number.
 * Blank is missing (`缺少必要的请求参数: <name>`) unless `allowEmpty`; at most MAX_IDS unless `max`. The one
 * list-of-ids parser: areas only choose its messages and limits.
 */
export function idsField(opts: IdsOptions = {}) {
  const message = opts.message ?? BAD;
  const missing = opts.missing ?? `缺少必要的请求参数: ${opts.name ?? 'ids'}`;
  const max = opts.max ?? MAX_IDS;
  const tooMany = opts.tooMany ?? `一次最多操作${max}条数据`;
  // A value of no list shape: absent is `missing` (else configureZod's message naming the parameter), any other `message`.
  const shapeError =
    opts.missing !== undefined || opts.message !== undefined
      ? { error: (iss: { input?: unknown }) => (iss.input === undefined ? opts.missing : opts.message) }
      : undefined;
  return z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], shapeError).transform((v, ctx) => {
    // A JSON array is the list of its items.
    const text = Array.isArray(v) ? v.map(String).join(',') : String(v);
    const listed = text
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const ids = opts.unique ? [...new Set(listed)] : listed;
    if (!text.trim()) {
      if (!opts.allowEmpty) ctx.addIssue({ code: 'custom', message: missing });
    } else if (!ids.length || ids.some((x) => !isIdText(x) || (opts.nonZero && x === '0'))) ctx.addIssue({ code: 'custom', message });
    else if (ids.length > max) ctx.addIssue({ code: 'custom', message: tooMany });
    return ids;
  });
}

/** A yes/no flag as forms and query strings send it: true/false, 1/0, 'true'/'false', '1'/'0'. */
export function boolField(message = BAD) {
  return z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], { message })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');
}

/**
 * `ids=1,2,3` read outside a route schema (a form body, a parameter read by hand): validated id texts. A
 * repeated query parameter counts with its last value, as every other parameter.
 */
export function parseIds(raw: unknown, name = 'ids'): string[] {
  const last = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const r = idsField({ name }).safeParse(last === undefined || last === null ? '' : String(last));
  if (!r.success) throw fail(r.error.issues[0]?.message ?? BAD);
  return r.data;
}

/** An optional id in the query string (`0` allowed: the root of a tree). */
export const optionalId = z.string().max(19).refine(isIdText, BAD).optional();
/**
 * The `parentId` of a lazy list: an id (`0` the roots), or empty — as BladeX clients send it when they search —
 * meaning the whole tree (answered as `''`). Absent means the roots, unless the call searches.
 */
export const lazyParentId = z
  .string()
  .max(19)
  .refine((v) => v === '' || isIdText(v), BAD)
  .optional();
/** An optional text filter of a hand-written list. */
export const optionalText = z.string().max(255).optional();
/** A tenant id in the query string (the platform administrator may read another tenant's organisation). */
export const optionalTenant = z.string().max(12).optional();

/** The LIKE pattern "contains `v`", its wildcards escaped: a value is matched as typed. */
export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A value the caller left empty: absent, null or only spaces. */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
