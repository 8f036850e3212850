/**
 * The lines of a record as a slot of its approvable definition (`ApprovalOptions.lines`; docs/business-area.md):
 * sent with the record (`lines`) on save, update and start, each checked and completed, written in the record's
 * transaction and summed into its `totalAmount` (a total sent that differs is refused; without lines the kept ones
 * count), with the values the slot derives from them (`derive`), answered with its detail and removed with it. On
 * their own routes (the line definition's api) they are read within the record's scope, refused while it is under
 * approval or approved, and each change moves the record's total and derived values with it.
 */
import { APPROVAL_STATUS, MONEY_TEXT_RE, compareMoney, sumMoney, type EntityDef } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { isBlank } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ApprovalOptions } from './kit.ts';

/** The messages of a kind's lines. */
export interface LinesMessages {
  /** No lines sent with a new record, or none kept. */
  none: string;
  tooMany: string;
  /**
   * The total sent is not the lines' sum: refused with this message. Without it a total sent is not read: the
   * total is the server's alone (a project expense's, whose body's `totalAmount` is ignored like its other server fields).
   */
  total?: string;
  /** A line changed, or removed, while its record is under approval or approved. */
  locked: string;
  lockedRemove: string;
}

/** A record's lines: their definition and table, the parent column, how a line is checked and what it amounts to. */
export interface LinesSlot<L = unknown> {
  def: EntityDef;
  table: EntityTable;
  /** The line's column holding its record's id. */
  parentField: string;
  /** A line as sent. */
  schema: z.ZodType<L>;
  /** Checks a line (throw `fail` for a 400) and answers its stored values with its amount (`amountValue`). */
  complete(line: L): Row & { amountValue: string };
  /** The line's money column, summed into the record's `totalAmount`. */
  amountField: string;
  messages: LinesMessages;
  /** At most this many lines (default 200). */
  max?: number;
  /** Further body keys the lines may come under (the specs' names, e.g. a claim's `expenseInfoList`). */
  aliases?: string[];
  /** Line fields only the server writes: never taken from a line's own routes. */
  serverFields?: string[];
  /**
   * Fields of the record derived from its lines besides the total (a project expense's type: its largest line's),
   * set wherever the total is: on a save, update or start from the lines sent or kept, and after a change on the
   * lines' own routes. `lines` are the lines as written (the values `complete` answered, or the stored rows); none
   * when the last one was removed on their own routes.
   */
  derive?(lines: Row[]): Row;
}

const LOCKED: number[] = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];

/** The slot's part of the record's options: the `lines` body key, the total, the writes, the detail, the removal. */
export function linesOptions<D extends EntityDef>(ctx: ModuleContext, slot: LinesSlot, parentTable: EntityTable, opts: ApprovalOptions<D>): ApprovalOptions<D> {
  const db = ctx.database.db;
  const { table, messages } = slot;
  const parentCol = columnOf(table, slot.parentField);
  const max = slot.max ?? 200;
  const linesField = z.array(slot.schema, { message: messages.none }).max(max, { message: messages.tooMany }).optional();
  /** Lines checked on save, update or start, written in the record's transaction (the request's user object). */
  const pending = new WeakMap<AuthUser, Row[]>();
  const sentTotalDiffers = (sent: unknown, total: string) =>
    !isBlank(sent) && (!MONEY_TEXT_RE.test(String(sent).trim()) || compareMoney(String(sent), total) !== 0);
  /** The record's total and derived values from its lines; a total sent that differs is refused (`messages.total`). */
  const fromLines = (data: Row, body: Row, lines: Row[], total: string) => {
    if (messages.total !== undefined && sentTotalDiffers(body.totalAmount, total)) throw fail(messages.total);
    data.totalAmount = total;
    if (slot.derive) Object.assign(data, slot.derive(lines));
  };
  return {
    ...opts,
    extraBody: { ...opts.extraBody, ...Object.fromEntries(['lines', ...(slot.aliases ?? [])].map((k) => [k, linesField])) },
    async beforeWrite(user, data, id, input) {
      // The record's own checks first, then its lines.
      await opts.beforeWrite?.(user, data, id, input);
      const sent = [input.body.lines, ...(slot.aliases ?? []).map((k) => input.body[k])].find((v) => v !== undefined) as unknown[] | undefined;
      if (sent) {
        if (!sent.length) throw fail(messages.none);
        const completed = sent.map((l) => slot.complete(l));
        const lines = completed.map(({ amountValue: _, ...l }) => l);
        fromLines(data, input.body, lines, sumMoney(completed.map((l) => l.amountValue)));
        pending.set(user, lines);
      } else {
        if (!id) throw fail(messages.none);
        // Kept lines (of the caller's tenant): the total is theirs (a start of a saved draft, an update of the head only).
        const kept = await linesOf(db, slot, id, user.tenantId);
        if (!kept.length) throw fail(messages.none);
        fromLines(data, input.body, kept, sumMoney(kept.map((l) => String(l[slot.amountField]))));
      }
    },
    async inTransaction(tx, user, change) {
      const lines = pending.get(user);
      pending.delete(user);
      if (lines) await writeLines(tx, slot, user, change.id, lines);
      await opts.inTransaction?.(tx, user, change);
    },
    async afterWrite(user, change) {
      // The lines of the records the removal deleted: the ids asked may name others' (another tenant's, outside the scope).
      if (change.op === 'remove')
        await db
          .update(table)
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` } as never)
          .where(
            and(
              eq(table.tenantId, user.tenantId),
              eq(table.isDeleted, 0),
              inArray(
                parentCol,
                db
                  .select({ id: parentTable.id })
                  .from(parentTable)
                  .where(and(inArray(parentTable.id, change.ids), eq(parentTable.tenantId, user.tenantId), eq(parentTable.isDeleted, 1))),
              ),
            ),
          );
      await opts.afterWrite?.(user, change);
    },
    async decorate(user, row) {
      const decorated = opts.decorate ? await opts.decorate(user, row) : row;
      return { ...decorated, lines: await linesOf(db, slot, String(row.id)) };
    },
  };
}

/** A record's live lines in their order; of `tenantId` only when given (a record the caller named, not yet checked). */
export async function linesOf(tx: Executor, slot: LinesSlot, parentId: string, tenantId?: string): Promise<Row[]> {
  const t = slot.table;
  return (await tx
    .select()
    .from(t)
    .where(and(eq(columnOf(t, slot.parentField), parentId), eq(t.isDeleted, 0), ...(tenantId === undefined ? [] : [eq(t.tenantId, tenantId)])))
    .orderBy(columnOf(t, 'sort'), t.id)) as Row[];
}

async function writeLines(tx: Executor, slot: LinesSlot, user: AuthUser, parentId: string, lines: Row[]) {
  const t = slot.table;
  await tx
    .update(t)
    .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` } as never)
    .where(and(eq(columnOf(t, slot.parentField), parentId), eq(t.isDeleted, 0)));
  if (!lines.length) return;
  await tx.insert(t).values(
    lines.map((l, i) => ({
      ...l,
      id: nextId(),
      tenantId: user.tenantId,
      createUser: user.userId,
      createDept: user.deptIds[0] ?? null,
      updateUser: user.userId,
      [slot.parentField]: parentId,
      sort: i + 1,
    })) as never,
  );
}

/** The lines on their own routes, confined to the records `parents` answers (the caller's scope). */
export function registerLineRoutes(
  ctx: ModuleContext,
  slot: LinesSlot,
  parentTable: EntityTable,
  parents: EntityRepo,
  dictionary: ApprovalOptions['dictionary'],
) {
  const db = ctx.database.db;
  const t = slot.table;
  const parentCol = columnOf(t, slot.parentField);
  const lineAmount = columnOf(t, slot.amountField);
  const statusOf = async (user: AuthUser, parentId: string) => {
    const [p] = await db
      .select({ status: parentTable.status })
      .from(parentTable)
      .where(and(eq(parentTable.id, parentId), eq(parentTable.tenantId, user.tenantId)));
    return p ? Number(p.status) : undefined;
  };
  const locked = (status: number | undefined) => status !== undefined && LOCKED.includes(status);
  /** The records' totals, and their derived values (`derive`), from their live lines. */
  const retotal = async (tx: Executor, parentIds: string[]) => {
    for (const pid of new Set(parentIds)) {
      const [r] = (await tx
        .select({ total: sql<string>`coalesce(sum(${lineAmount}), 0)::numeric(18,2)::text` })
        .from(t)
        .where(and(eq(parentCol, pid), eq(t.isDeleted, 0)))) as { total: string }[];
      const derived = slot.derive ? slot.derive(await linesOf(tx, slot, pid)) : {};
      await tx
        .update(parentTable)
        .set({ ...derived, totalAmount: r?.total ?? '0.00', updateTime: sql`now()` } as never)
        .where(eq(parentTable.id, pid));
    }
  };
  const removing = new WeakMap<AuthUser, string[]>();
  const lineRepo = ctx.repo(slot.def, t, parents);
  registerEntityRoutes(ctx.route, lineRepo, ctx.access, {
    dictionary,
    async beforeWrite(user, data, id) {
      for (const f of slot.serverFields ?? []) delete data[f];
      const current = id ? ((await lineRepo.detail(user, id)) as Row | undefined) : undefined;
      const parentId = String((data[slot.parentField] !== undefined ? data[slot.parentField] : current?.[slot.parentField]) ?? '');
      if (locked(await statusOf(user, parentId))) throw fail(slot.messages.locked);
      const parsed = slot.schema.safeParse({ ...current, ...data });
      if (!parsed.success) throw fail(parsed.error.issues[0]?.message ?? '参数错误');
      const { amountValue, ...values } = slot.complete(parsed.data);
      for (const [k, v] of Object.entries(values)) if (k in slot.def.fields) data[k] = v;
      data[slot.amountField] = amountValue;
    },
    async inTransaction(tx, _user, change) {
      const [line] = (await tx.select({ parent: parentCol }).from(t).where(eq(t.id, change.id))) as { parent: string }[];
      if (line) await retotal(tx, [String(line.parent)]);
    },
    async beforeRemove(user, ids) {
      const rows = (await db
        .select({ parent: parentCol })
        .from(t)
        .where(and(inArray(t.id, ids), eq(t.tenantId, user.tenantId)))) as { parent: string }[];
      for (const r of rows) if (locked(await statusOf(user, String(r.parent)))) throw fail(slot.messages.lockedRemove);
      removing.set(
        user,
        rows.map((r) => String(r.parent)),
      );
    },
    async afterWrite(user, change) {
      if (change.op !== 'remove') return;
      const parents = removing.get(user) ?? [];
      removing.delete(user);
      await db.transaction((tx) => retotal(tx, parents));
    },
  });
}
