/**
 * The dynamic form of a process (spec 1 section 3, "Dynamic form column"): the field list a form design keeps
 * in its `content`, shared by the server (validation on save, snapshots on deploy) and the web app (rendering).
 */

import { FORMATS, formatError, isEmpty, type FormatName } from './validators.ts';

/** Column types: 1 text input, 2 select, 3 date, 4 tree, any other value radio. */
export const FORM_COLUMN_TYPE = { text: 1, select: 2, date: 3, tree: 4 } as const;

/** What a node may do with a field: read it, write it. */
export interface FieldPermission {
  readable: boolean;
  writable: boolean;
}

export interface FormColumn {
  columnName: string;
  columnDescribe: string;
  columnType: number;
  /** Required unless 0 (message 请填写{columnDescribe}). */
  isRequired: 0 | 1;
  isShowList: 0 | 1;
  isCondition: 0 | 1;
  /** Dictionary code of a select or radio. */
  dictTag?: string;
  /** Tree source of a tree column. */
  modelPath?: 'dept' | 'post';
  /** A format pattern of spec 1 section 5 the value must have (text inputs). */
  format?: FormatName;
  /** Per node (BPMN element id): readable / writable. A node not named reads and writes every field. */
  permissions?: Record<string, FieldPermission>;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const NODE = /^[A-Za-z_][\w.-]{0,127}$/;

const flag = (v: unknown, dflt: 0 | 1): 0 | 1 | undefined => {
  if (v === undefined || v === null || v === '') return dflt;
  if (v === 0 || v === '0' || v === false) return 0;
  if (v === 1 || v === '1' || v === true) return 1;
  return undefined;
};

/**
 * Reads a form's field list (an array, or its JSON text) and answers the normalised columns, or the message of
 * the first mistake (which names the field).
 */
export function parseFormColumns(input: unknown): { columns: FormColumn[] } | { error: string } {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { error: '表单字段不是有效的JSON' };
    }
  }
  if (!Array.isArray(value)) return { error: '表单字段应为字段列表' };
  if (value.length > 500) return { error: '表单字段最多500个' };
  const columns: FormColumn[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of value.entries()) {
    const at = `第${i + 1}个字段`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { error: `${at}格式不正确` };
    const c = raw as Record<string, unknown>;
    const name = typeof c.columnName === 'string' ? c.columnName.trim() : '';
    if (!name) return { error: `${at}缺少字段名(columnName)` };
    if (!NAME.test(name)) return { error: `字段名只能包含字母、数字和下划线,且以字母或下划线开头: ${name}` };
    if (seen.has(name)) return { error: `字段名重复: ${name}` };
    seen.add(name);
    const describe = typeof c.columnDescribe === 'string' ? c.columnDescribe.trim() : '';
    if (!describe) return { error: `请填写字段描述: ${name}` };
    if (describe.length > 64) return { error: `字段描述最多64个字符: ${name}` };
    const type = Number(c.columnType ?? FORM_COLUMN_TYPE.text);
    if (!Number.isInteger(type)) return { error: `字段类型不正确: ${name}` };
    const isRequired = flag(c.isRequired, 1);
    const isShowList = flag(c.isShowList, 0);
    const isCondition = flag(c.isCondition, 0);
    if (isRequired === undefined || isShowList === undefined || isCondition === undefined) return { error: `字段开关只能是0或1: ${name}` };
    const col: FormColumn = { columnName: name, columnDescribe: describe, columnType: type, isRequired, isShowList, isCondition };
    if (c.dictTag !== undefined && c.dictTag !== null && c.dictTag !== '') {
      if (typeof c.dictTag !== 'string' || c.dictTag.length > 64) return { error: `字典编号不正确: ${name}` };
      col.dictTag = c.dictTag;
    }
    if (type === FORM_COLUMN_TYPE.select && !col.dictTag) return { error: `下拉字段需选择字典: ${name}` };
    if (c.modelPath !== undefined && c.modelPath !== null && c.modelPath !== '') {
      if (c.modelPath !== 'dept' && c.modelPath !== 'post') return { error: `树形字段的数据来源只能是dept或post: ${name}` };
      col.modelPath = c.modelPath;
    }
    if (type === FORM_COLUMN_TYPE.tree && !col.modelPath) return { error: `树形字段需选择数据来源(dept或post): ${name}` };
    if (c.format !== undefined && c.format !== null && c.format !== '') {
      if (typeof c.format !== 'string' || !Object.hasOwn(FORMATS, c.format)) return { error: `字段格式不正确: ${name}` };
      col.format = c.format as FormatName;
    }
    if (c.permissions !== undefined && c.permissions !== null) {
      if (typeof c.permissions !== 'object' || Array.isArray(c.permissions)) return { error: `字段权限格式不正确: ${name}` };
      const perms: Record<string, FieldPermission> = {};
      for (const [node, p] of Object.entries(c.permissions as Record<string, unknown>)) {
        if (!NODE.test(node)) return { error: `字段权限的节点标识不正确: ${name}.${node}` };
        const pr = p as Record<string, unknown> | null;
        if (!pr || typeof pr !== 'object' || typeof pr.readable !== 'boolean' || typeof pr.writable !== 'boolean') {
          return { error: `字段权限应写明readable和writable: ${name}.${node}` };
        }
        if (pr.writable && !pr.readable) return { error: `不可读的字段不能可写: ${name}.${node}` };
        perms[node] = { readable: pr.readable, writable: pr.writable };
      }
      col.permissions = perms;
    }
    columns.push(col);
  }
  return { columns };
}

/** Whether a node may read / write a column (a node the column does not name may do both). */
export function fieldPermission(column: FormColumn, nodeId: string): FieldPermission {
  return column.permissions?.[nodeId] ?? { readable: true, writable: true };
}

/** A node's own rule for a field (`<hjl:field name readable writable required>` of the BPMN user task). */
export interface NodeField {
  name: string;
  readable: boolean;
  writable: boolean;
  required: boolean;
}

/** Where a form is shown: at a node (its permissions apply), or read only (a detail view). Nothing: the start form. */
export interface FormPlace {
  nodeId?: string;
  nodeFields?: readonly NodeField[];
  readOnly?: boolean;
}

export interface ColumnAccess {
  readable: boolean;
  writable: boolean;
  /** Checked as required (only a writable field carries rules). */
  required: boolean;
}

/**
 * What a place may do with a column: the column's permission for the node and the node's own field rule both
 * restrict it; a field that is not writable there is read-only and carries no rules (spec 1 section 5).
 */
export function columnAccess(column: FormColumn, place: FormPlace = {}): ColumnAccess {
  const byColumn = place.nodeId ? fieldPermission(column, place.nodeId) : { readable: true, writable: true };
  const byNode = place.nodeFields?.find((f) => f.name === column.columnName);
  const readable = byColumn.readable && (byNode?.readable ?? true);
  const writable = readable && !place.readOnly && byColumn.writable && (byNode?.writable ?? true);
  return { readable, writable, required: writable && (column.isRequired !== 0 || !!byNode?.required) };
}

/** The message of one field's value (请填写{describe} when required and empty, else its format's), or undefined. */
export function columnValueError(column: FormColumn, access: ColumnAccess, value: unknown): string | undefined {
  if (!access.writable) return undefined;
  const blank = isEmpty(typeof value === 'string' ? value.trim() : value);
  if (blank) return access.required ? `请填写${column.columnDescribe}` : undefined;
  return column.format ? formatError(column.format, value) : undefined;
}

/** Every message of a form's values at a place, in field order (the start screen joins them with ' | '). */
export function formValueErrors(columns: readonly FormColumn[], values: Record<string, unknown>, place: FormPlace = {}): string[] {
  const errors: string[] = [];
  for (const column of columns) {
    const error = columnValueError(column, columnAccess(column, place), values[column.columnName]);
    if (error) errors.push(error);
  }
  return errors;
}
