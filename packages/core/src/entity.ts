/**
 * Entity definitions: the one declarative description of a plain business record, from which the server
 * derives its table, validation, whitelisted filters and sorts and routes, and the web app its list page
 * (search form, columns, edit dialog, buttons). See docs/entities.md.
 */
import { z } from 'zod';
import { APPROVAL_FIELDS, type ApprovalDef } from './approval.ts';
import { MONEY_TEXT_RE } from './money.ts';
import { isFileLink } from './validators.ts';
import { isDateText, isIdText } from './values.ts';

export interface Label {
  zh: string;
  en: string;
}

/** Storage/JSON type of a field. `id` is a snowflake bigint written as a string in JSON. */
export type FieldType =
  | 'string' // varchar(max ?? 255)
  | 'text' // text
  | 'int' // integer
  | 'id' // bigint, snowflake or foreign key, JSON string
  | 'money' // numeric(18,2), JSON string
  | 'date' // date, 'yyyy-MM-dd'
  | 'datetime' // timestamp(0), 'yyyy-MM-dd HH:mm:ss'
  | 'files'; // jsonb, the attachment widget's file items [{ label: original name, value: link }]

/**
 * The kind of record a field refers to (FieldDef.ref): the module owning that kind registers how its records
 * are named and found (apps/server/src/platform/crud/refs.ts); the web picks the picker of that kind. Open to
 * later kinds.
 */
export type RefKind = 'user' | 'dept' | 'post' | 'region' | 'customer' | 'project' | 'contract' | 'account' | 'branch' | (string & {});

export interface FieldDef {
  type: FieldType;
  label: Label;
  /** Column name; defaults to the snake_case of the field name. */
  column?: string;
  /** varchar length for `string`. */
  max?: number;
  /** Required on submit; the string is the message shown (the specs' message). */
  required?: string;
  /** Extra format rule. */
  pattern?: { regex: RegExp; message: string };
  /** Smallest and largest value of an `int` field (message: `<label>应在min至max之间`). */
  range?: { min: number; max: number };
  /**
   * A derived property the list (and its export) shows instead of the stored value, e.g. `ownerName` for
   * an owner id. With `ref` the server fills it; otherwise the hooks' decorateRows does.
   */
  display?: string;
  /**
   * A reference to another record of this kind: the field stores its id (a region's code). Lists, details and
   * exports carry the record's name under `display` (required with `ref`), resolved for a whole page at once;
   * a write naming a record that is not one of the caller's tenant (or is deleted) is refused with
   * `<label>不存在`; the web renders the picker of this kind in forms and search forms. When `display` is itself
   * a field of the definition, the name is stored there on every write instead of resolved on reads.
   */
  ref?: RefKind;
  /** A further check of a non-blank text value (e.g. a checksum); answers the message, or undefined when fine. */
  check?: (value: string) => string | undefined;
  /** Dictionary code whose dictKey this field stores. */
  dict?: string;
  /** The dictionary is the tenant's business dictionary (dict-biz), not the system one. */
  bizDict?: boolean;
  /** Shown as a list column. */
  list?: boolean;
  /** Shown in the list's search form (and therefore filterable). */
  search?: boolean;
  /** Shown in the edit form; 'textarea' renders a multi-line input. Default true. */
  form?: boolean | 'textarea';
  /** May be named in ascs/descs. */
  sortable?: boolean;
  /** May be used as a filter key (with operator suffixes). `search` implies it. */
  filterable?: boolean;
  /**
   * Substring filters of this text field (a plain filter, `_like`: `LIKE '%…%'`) are served by a trigram index
   * (pg_trgm, GIN, `<table>_<column>_trgm_idx`). Set on the searched text of tables that grow past about 100,000
   * rows, where such a filter would otherwise read up to a hundred rows per match (docs/performance.md
   * "Substring filters"). A PostgreSQL server without pg_trgm has no such index and scans.
   */
  trigramIndex?: boolean;
  /**
   * A 6-digit administrative region code (320000 province, 320100 city, 320105 district): a plain filter on it
   * matches the region and the regions under it (regionCodePrefix).
   */
  regionTree?: boolean;
  /** Column width hint for the list, in px. */
  width?: number;
  /** Unique among the tenant's live records; the string is the message when taken. */
  unique?: string;
  /** Value used when a new record is created without it. */
  default?: string | number;
  /**
   * A secret (password, secret key): lists and details carry SECRET_MASK instead of the value, and a submit
   * that sends SECRET_MASK back keeps the stored value.
   */
  secret?: boolean;
}

/**
 * The routes of a definition, each named by its last path segment under `api`: the BladeX ones (`list`, `detail`,
 * `submit`, `save`, `update`, `remove`, `page`) and the record style of the specs' `/api/server` services (S2 L467):
 * `create` (POST, answers `{ id }`), `get` (GET `?id=`) and `delete` (DELETE `?id=`), with `page` for the list
 * and `update` made PUT by EntityDef.methods. A route is POST, or GET for reads, unless `methods` says otherwise.
 */
export type EntityRoute = 'list' | 'detail' | 'submit' | 'remove' | 'save' | 'update' | 'page' | 'create' | 'delete' | 'get';

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Stable name, also the menu code and permission-code prefix (`param` → `param_add` ...). */
  name: string;
  table: string;
  /** Route prefix of the specs, e.g. `/api/blade-system/param`. */
  api: string;
  label: Label;
  /** Web route of the list page, e.g. `/system/param`. */
  path: string;
  /** Tenant data (true) or platform-wide (false). Default true. */
  tenant?: boolean;
  fields: F;
  routes: EntityRoute[];
  /**
   * The HTTP methods of routes the specs serve other than by POST (S1 L120: hjlDividend's `PUT update` and
   * `DELETE remove`, whose ids come in the body `{ ids }`; S2 L377: the templates' `PUT update`); the other
   * methods answer 404 there.
   */
  methods?: { update?: 'PUT'; remove?: 'DELETE' };
  /** Default order of lists. */
  defaultSort?: { field: string; dir: 'asc' | 'desc' };
  /** Width of the edit dialog in px. */
  dialogWidth?: number;
  /**
   * Field holding the user who owns a record (an `id` field, e.g. the customer's 负责人). The data scope
   * 本人可见 of the entity's menu then means "owned by me" instead of "created by me", and `/my` lists
   * answer the caller's own records.
   */
  owner?: string;
  /**
   * A record that belongs to another (a customer's contact): the field holding the parent's id and the
   * message when that parent is not one the caller may see. Lists, details and changes are confined to
   * rows whose parent is within the caller's tenant and data scope, and a write naming another parent is
   * refused. The web shows such records in a tab of the parent's detail page.
   */
  parent?: { field: string; entity: string; missing: string };
  /** Excel export of the list (`<api>/export`, permission `<name>_export`), columns as shown in the list. */
  exportable?: boolean;
  /** The export call's last path segment when the specs name it otherwise (`export-excel`); default `export`. */
  exportPath?: string;
  /**
   * The record goes through an approval process (approval.ts, docs/business-area.md "An approvable record"):
   * derived columns (`status` 0/1/2/3/6, `isDraft`, `processDefinitionKey`, `processDefinitionId`,
   * `processInstanceId`, `submitTime`), routes `<api>/start` and `<api>/get/process_his/{id}`, the status
   * following the process, and no change or removal while under approval or approved.
   */
  approval?: ApprovalDef;
}

/** One item of a `files` field: the original name and the link. */
export interface FileItem {
  label: string;
  value: string;
}

/** The JSON value of a field of this type (`id` and `money` travel as strings). */
export type FieldValue<T extends FieldType> = T extends 'int' ? number : T extends 'files' ? FileItem[] : string;

/** The audit columns of a record as lists and details answer them. */
export type AuditValues = {
  id: string;
  tenantId: string;
  createUser: string | null;
  createDept: string | null;
  createTime: string;
  updateUser: string | null;
  updateTime: string;
  status: number;
  isDeleted: number;
};

/** The approval columns of an approvable record (EntityDef.approval); absent on others. */
export type ApprovalValues = {
  isDraft?: number;
  processDefinitionKey?: string | null;
  processDefinitionId?: string | null;
  processInstanceId?: string | null;
  submitTime?: string | null;
};

type FieldsOf<D> = D extends EntityDef<infer F> ? F : never;

/** The stored values of a definition's fields (each may be null). */
export type FieldValues<F extends Record<string, FieldDef>> = { -readonly [K in keyof F]: FieldValue<F[K]['type']> | null };

/**
 * A record of a definition as the repository reads it: the audit columns and every field, typed by the field's
 * type (`RowOf<typeof customerEntity>['ownerUser']` is `string | null`).
 */
export type RowOf<D extends EntityDef> = AuditValues & ApprovalValues & FieldValues<FieldsOf<D>>;

/** The derived names a list row carries beside its references (`display` of each field that declares one). */
export type DisplayValues<D extends EntityDef> = {
  [K in keyof FieldsOf<D> as FieldsOf<D>[K] extends { display: infer N extends string } ? N : never]?: string;
};

/** A record as lists and details answer it: RowOf plus the derived names. */
export type ListRowOf<D extends EntityDef> = RowOf<D> & DisplayValues<D>;

/** Columns every entity table carries (see API.md, CRUD conventions). */
export const auditFields = ['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status', 'isDeleted'] as const;
export type AuditField = (typeof auditFields)[number];

export function defineEntity<F extends Record<string, FieldDef>>(def: EntityDef<F>): EntityDef<F> {
  for (const [name, field] of Object.entries(def.fields)) {
    // A platform-wide table may declare `tenantId` as its own field (the tenants table names each tenant by it).
    const own = name === 'tenantId' && def.tenant === false;
    if ((auditFields as readonly string[]).includes(name) && !own) throw new Error(`${def.name}.${name}: audit fields are implicit`);
    if (field.type === 'files' && (field.search || field.filterable || field.sortable))
      throw new Error(`${def.name}.${name}: a files field is neither searched nor sorted`);
    if (field.search) field.filterable = true;
    if (field.trigramIndex && ((field.type !== 'string' && field.type !== 'text') || !field.filterable))
      throw new Error(`${def.name}.${name}: a trigram index serves a filterable text field`);
    if (def.approval && name in APPROVAL_FIELDS) throw new Error(`${def.name}.${name}: approval fields are implicit`);
    if (field.ref && !field.display) throw new Error(`${def.name}.${name}: a ref field names its display property`);
    if (field.ref && field.type !== 'id' && field.type !== 'string') throw new Error(`${def.name}.${name}: a ref field stores an id or a code`);
  }
  const amount = def.approval?.amountField;
  if (amount && def.fields[amount]?.type !== 'money') throw new Error(`${def.name}: approval.amountField ${amount} is not a money field`);
  return def;
}

/** How a field's dictionary is named where several are loaded together: `code`, or `biz:code` for a business one. */
export function dictKeyOf(field: FieldDef): string {
  return field.dict ? `${field.bizDict ? 'biz:' : ''}${field.dict}` : '';
}

export function columnName(field: string, def?: FieldDef): string {
  return def?.column ?? field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Permission codes of an entity: the menu code grants the list and detail, buttons the changes. */
export function permissionCodes(def: Pick<EntityDef, 'name'>) {
  return {
    view: def.name,
    add: `${def.name}_add`,
    edit: `${def.name}_edit`,
    delete: `${def.name}_delete`,
    export: `${def.name}_export`,
    import: `${def.name}_import`,
  };
}

/** Most files one `files` field holds. */
export const MAX_FILES = 50;

/** The message of an int outside its range. */
export function rangeMessage(field: FieldDef): string {
  return `${field.label.zh}应在${field.range?.min}至${field.range?.max}之间`;
}
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

function fieldSchema(field: FieldDef): z.ZodType {
  const label = field.label.zh;
  switch (field.type) {
    case 'int': {
      // A number or the digits of one (form values), within the range of an integer column; never a boolean.
      const message = `${label}必须是整数`;
      const int = z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^-?\d{1,10}$/, { message }),
          ],
          { message },
        )
        .transform(Number)
        .pipe(z.number().int({ message }).min(INT_MIN, { message }).max(INT_MAX, { message }));
      const range = field.range;
      if (!range) return int;
      const outside = rangeMessage(field);
      return int.refine((v) => v >= range.min && v <= range.max, { message: outside });
    }
    case 'id': {
      const message = `${label}格式不正确`;
      return z.union([z.string(), z.number()], { message }).transform(String).refine(isIdText, { message });
    }
    case 'money':
      return z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => MONEY_TEXT_RE.test(v), { message: `${label}最多保留两位小数` });
    case 'files': {
      const message = `${label}格式不正确`;
      return z
        .array(
          z
            .object(
              { label: z.string({ message }).trim().min(1, { message }).max(255, { message }), value: z.string({ message }).refine(isFileLink, { message }) },
              { message },
            )
            .strip(),
          { message },
        )
        .max(MAX_FILES, { message: `${label}最多${MAX_FILES}个` });
    }
    case 'date': {
      const message = `${label}格式应为yyyy-MM-dd`;
      return z.string({ message }).refine((v) => isDateText(v), { message });
    }
    case 'datetime': {
      const message = `${label}格式应为yyyy-MM-dd HH:mm:ss`;
      return z.string({ message }).refine((v) => isDateText(v, 'optional'), { message });
    }
    default: {
      // A wrong type is its own mistake: the required message ("请输入...") is for a missing value only.
      let s = z.string({ message: `${label}必须是文本` });
      if (field.type === 'string') s = s.max(field.max ?? 255, { message: `${label}最多${field.max ?? 255}个字符` });
      if (field.pattern) s = s.regex(field.pattern.regex, { message: field.pattern.message });
      const check = field.check;
      if (check)
        return s.superRefine((v, ctx) => {
          const message = v.trim() ? check(v.trim()) : undefined;
          if (message) ctx.addIssue({ code: 'custom', message });
        });
      return s;
    }
  }
}

function isBlank(v: unknown) {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * Schema of a submit body: required fields carry their own message; unknown keys are dropped; an optional
 * `id` turns the insert into an update. On update, required fields may be omitted (partial update) but not
 * blanked. A blank value (empty string or null) is read as null, so an optional field can be cleared.
 * `extra` adds keys that are not fields (a route's own options, e.g. a comment), validated by their schemas.
 */
export function submitSchema(def: EntityDef, extra: Record<string, z.ZodType> = {}) {
  const shape: Record<string, z.ZodType> = {
    // Keys beyond the fields that a route's hooks read (EntityHooks.extraBody), validated like the fields.
    ...extra,
    id: z
      .union([z.string(), z.number()], { message: 'id格式不正确' })
      .transform(String)
      .refine((v) => isIdText(v) && v !== '0', { message: 'id格式不正确' })
      .optional(),
  };
  for (const [name, field] of Object.entries(def.fields)) {
    shape[name] = z.preprocess((v) => (isBlank(v) ? null : v), fieldSchema(field).nullable().optional());
  }
  return z
    .object(shape)
    .strip()
    .superRefine((value, ctx) => {
      const isInsert = value.id === undefined;
      for (const [name, field] of Object.entries(def.fields)) {
        if (!field.required) continue;
        const v = (value as Record<string, unknown>)[name];
        const missing = isInsert ? isBlank(v) : v === null;
        if (missing) ctx.addIssue({ code: 'custom', path: [name], message: field.required });
      }
    });
}

/** What lists and details show instead of a stored secret (see FieldDef.secret). */
export const SECRET_MASK = '******';

const secretFieldsOf = new WeakMap<EntityDef, string[]>();

/** The names of a definition's secret fields (computed once per definition: every list row asks). */
function secretFields(def: EntityDef): string[] {
  let names = secretFieldsOf.get(def);
  if (!names) {
    names = Object.entries(def.fields)
      .filter(([, f]) => f.secret)
      .map(([n]) => n);
    secretFieldsOf.set(def, names);
  }
  return names;
}

/**
 * A record with its secret fields masked (an empty secret stays empty, so the form shows it is unset); the
 * record itself when the definition has no secret field.
 */
export function maskSecrets<T extends Record<string, unknown>>(def: EntityDef, row: T): T {
  const names = secretFields(def);
  if (!names.length) return row;
  const out: Record<string, unknown> = { ...row };
  for (const name of names) if (out[name] !== undefined && out[name] !== null && out[name] !== '') out[name] = SECRET_MASK;
  return out as T;
}

/** Fields that may be used as filters, and those that may be sorted on, including the audit columns. */
export function filterableFields(def: EntityDef): string[] {
  return [
    ...Object.entries(def.fields)
      .filter(([, f]) => f.filterable)
      .map(([n]) => n),
    'createTime',
    'updateTime',
    'status',
    ...(def.approval ? Object.keys(APPROVAL_FIELDS) : []),
  ];
}
export function sortableFields(def: EntityDef): string[] {
  return [
    ...Object.entries(def.fields)
      .filter(([, f]) => f.sortable)
      .map(([n]) => n),
    'createTime',
    'updateTime',
    'id',
    ...(def.approval ? ['status', 'submitTime'] : []),
  ];
}

/**
 * The code prefix shared by a region and the regions under it: 320000 → 32, 320100 → 3201, 320105 → 320105.
 * Anything not a 6-digit code is its own prefix.
 */
export function regionCodePrefix(code: string): string {
  if (!/^\d{6}$/.test(code)) return code;
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}
