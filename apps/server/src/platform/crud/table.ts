/**
 * The table of an entity definition: its fields plus the audit columns, and an index serving the default sort.
 * An approvable definition (`approval`) also gets the approval columns (@hjl/core approval.ts), its `status`
 * starting at 0 (not started), and an index finding a record by its process instance.
 */
import { APPROVAL_FIELDS, columnName, type ApprovalField, type AuditField, type EntityDef, type FieldDef } from '@hjl/core';
import { getTableName, sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  varchar,
  type ExtraConfigColumn,
  type IndexBuilder,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { auditColumns, datetime, id, platformAuditColumns } from '../db/columns.ts';
import { trigramIndex } from '../db/trigram.ts';

function column(name: string, field: FieldDef): PgColumnBuilderBase {
  const col = columnName(name, field);
  switch (field.type) {
    case 'string':
      return varchar(col, { length: field.max ?? 255 });
    case 'text':
      return text(col);
    case 'int':
      return integer(col);
    case 'id':
      return id(col);
    case 'money':
      return numeric(col, { precision: 18, scale: 2 });
    case 'date':
      return date(col, { mode: 'string' });
    case 'datetime':
      return datetime(col);
    case 'files':
      return jsonb(col);
  }
}

/** The approval columns (APPROVAL_FIELDS) of an approvable definition. */
function approvalColumns(): Record<string, PgColumnBuilderBase> {
  const f = APPROVAL_FIELDS;
  return {
    status: integer('status').notNull().default(0),
    isDraft: integer(f.isDraft.column).notNull().default(0),
    processDefinitionKey: varchar(f.processDefinitionKey.column, { length: 255 }),
    processDefinitionId: id(f.processDefinitionId.column),
    processInstanceId: id(f.processInstanceId.column),
    submitTime: datetime(f.submitTime.column),
  };
}

/** The column keys of a definition's table: its fields and the audit columns (approval columns are not typed). */
export type ColumnKey<D extends EntityDef> = (D extends EntityDef<infer F> ? keyof F & string : never) | AuditField;

/**
 * A table derived from a definition: every field and audit column by name (`customers.ownerUser`). Values are
 * typed through RowOf<D> (what the repository answers), not through the columns.
 */
export type EntityTable<D extends EntityDef = EntityDef> = PgTable & EntityColumns<D>;

/** The columns of a definition's table by key: its fields and the audit columns typed, any other key maybe. */
export type EntityColumns<D extends EntityDef = EntityDef> = Record<string, PgColumn> & { [K in AuditField]: PgColumn } & { [K in ColumnKey<D>]: PgColumn };

/**
 * The column of a table by a key known only at run time (a definition's field named by a spec: a line's parent
 * field, a record's amount field). A key the table lacks is a wrong definition, an internal error at first use.
 */
export function columnOf(table: EntityTable, key: string): PgColumn {
  const c = table[key];
  if (!c) throw new Error(`${getTableName(table)} has no column ${key}`);
  return c;
}

/** The approval columns of an approvable definition's table (APPROVAL_FIELDS and its `status`). */
export type ApprovalColumns = { [K in ApprovalField | 'status']: PgColumn };

/** The approval columns of a table made by entityTable from an approvable definition; refuses any other table. */
export function approvalColumnsOf(table: EntityTable): ApprovalColumns {
  const pick = (key: ApprovalField | 'status') => {
    const c = table[key];
    if (!c) throw new Error(`${getTableName(table)} has no approval column ${key}: is its definition approvable?`);
    return c;
  };
  return {
    status: pick('status'),
    isDraft: pick('isDraft'),
    processDefinitionKey: pick('processDefinitionKey'),
    processDefinitionId: pick('processDefinitionId'),
    processInstanceId: pick('processInstanceId'),
    submitTime: pick('submitTime'),
  };
}

/**
 * `extraIndexes` adds indexes beyond the list index, e.g. a partial unique index that keeps a rule true under
 * concurrent writes. A field with `trigramIndex` gets its trigram index (db/trigram.ts).
 */
export function entityTable<D extends EntityDef>(def: D, extraIndexes?: (columns: { [K in ColumnKey<D>]: PgColumn }) => IndexBuilder[]): EntityTable<D> {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const [name, field] of Object.entries(def.fields as Record<string, FieldDef>)) columns[name] = column(name, field);
  const tenant = def.tenant !== false;
  const sortField = String(def.defaultSort?.field ?? 'createTime');
  const approval = def.approval ? approvalColumns() : {};
  return pgTable(def.table, { ...(tenant ? auditColumns() : platformAuditColumns()), ...columns, ...approval }, (t) => {
    // The columns by key: the definition's keys are known only at run time here.
    const cols = t as unknown as Record<string, PgColumn>;
    const col = (key: string) => {
      const c = cols[key];
      if (!c) throw new Error(`${def.table} has no column ${key}`);
      return c;
    };
    const lead: [PgColumn, ...PgColumn[]] = tenant ? [col('tenantId'), col(sortField), col('id')] : [col(sortField), col('id')];
    return [
      index(`${def.table}_list_idx`)
        .on(...lead)
        .where(sql`is_deleted = 0`),
      ...(def.approval ? [index(`${def.table}_instance_idx`).on(col('processInstanceId'))] : []),
      ...Object.entries(def.fields as Record<string, FieldDef>)
        .filter(([, f]) => f.trigramIndex)
        .map(([name]) => trigramIndex(def.table, col(name) as unknown as ExtraConfigColumn)),
      ...(extraIndexes?.(t as unknown as { [K in ColumnKey<D>]: PgColumn }) ?? []),
    ];
  }) as unknown as EntityTable<D>;
}
