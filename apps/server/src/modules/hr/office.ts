/**
 * Office approvals (行政审批, issue 18 item 4, BUSINESS.md WP6) on the approval kit, each with its demo process
 * (S2 L69): business trips with their lines (出差 `hjlAuditEvection` + `hjlAuditEvectionInfo`), going out (外出),
 * the use of a car (用车) and purchases with their lines (采购 `hjlAuditShopping` + `hjlAuditShoppingInfo`).
 * What is the area's own:
 * - the applicant (who, department, when) stamped by the server on the first save and on every start;
 * - lines sent with their record (`lines`) on save, update and start, written in the record's transaction; a trip's
 *   total = Σ costs, a purchase line's amount = quantity × price and the purchase's total = Σ amounts, all on fen;
 *   a total sent that differs from the lines' sum is refused; a line changed on its own route moves its record's
 *   total with it; lines of a record under approval or approved are not changed;
 * - who sees what: the applicant their own, a department manager (post `manager`) their departments' (and those
 *   below), HR and the leaders (button `office_audit_all`) and administrators all — lists, details and lines alike.
 */
import {
  MONEY_TEXT_RE,
  OFFICE_MSG,
  APPROVAL_STATUS,
  auditCarEntity,
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditGoOutEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
  compareMoney,
  isDateText,
  multiplyMoney,
  sumMoney,
  toFen,
  type EntityDef,
} from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { nextId } from '../../platform/db/ids.ts';
import { isBlank } from '../../platform/http/params.ts';
import { fail } from '../../platform/http/errors.ts';
import { ApplicantScope, type ApprovalKit, type ApprovalOptions } from '../approval/api.ts';
import { liveDeptNames } from '../org/api.ts';
import type { HrShared } from './context.ts';
import { cars, evectionInfos, evections, goOuts, shoppingInfos, shoppings } from './schema.ts';

/** The permission (a button of the 行政审批 menu) of seeing every office approval of the tenant: HR and the leaders. */
export const OFFICE_ALL = 'office_audit_all';

/** A money text of at most two decimals, not below zero (`positive`: above zero), else 400 with `message`. */
const amountOf = (value: unknown, message: string, positive: boolean) => {
  const text = isBlank(value) ? '' : String(value).trim();
  if (!MONEY_TEXT_RE.test(text)) throw fail(message);
  const fen = toFen(text);
  if (fen < 0n || (positive && fen === 0n)) throw fail(message);
  return text;
};

/** Days from the start date to the end date, both included. */
export const tripDays = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

const text = (required: string, max: number) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: `最多${max}个字符` });
const optionalText = (max: number) =>
  z
    .string()
    .max(max, { message: `最多${max}个字符` })
    .optional()
    .nullable();
const evectionLine = z.object({
  tripDate: z.string({ message: '请选择日期' }).refine((v) => isDateText(v), { message: '日期格式应为yyyy-MM-dd' }),
  fromPlace: text('请输入出发地', 100),
  toPlace: text('请输入目的地', 100),
  transport: z
    .union([z.number(), z.string()], { message: '请选择交通工具' })
    .transform((v) => Number(v))
    .refine((v) => Number.isInteger(v) && v > 0, { message: '请选择交通工具' }),
  cost: z.union([z.string(), z.number()], { message: '请输入费用' }).transform((v) => String(v)),
  remark: optionalText(500),
});
const shoppingLine = z.object({
  itemName: text('请输入物品名称', 100),
  spec: optionalText(100),
  qty: z
    .union([z.number(), z.string()], { message: '请输入数量' })
    .transform((v) => Number(v))
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 999999, { message: OFFICE_MSG.qtyPositive }),
  price: z.union([z.string(), z.number()], { message: '请输入单价' }).transform((v) => String(v)),
  remark: optionalText(500),
});
type EvectionLine = z.infer<typeof evectionLine>;
type ShoppingLine = z.infer<typeof shoppingLine>;

/** A record with lines: its line table, the line's parent column, how a line is checked and what it amounts to. */
interface LinesSpec<L> {
  def: EntityDef;
  table: EntityTable;
  lineDef: EntityDef;
  lineTable: EntityTable;
  parentField: string;
  schema: z.ZodType<L>;
  noLines: string;
  /** Checks a line (400) and answers its stored values, the amount included. */
  complete(line: L): Row & { amountValue: string };
  /** The line's money column, summed into the record's `totalAmount`. */
  amountField: string;
}

export function registerOffice(s: HrShared, kit: ApprovalKit) {
  const { ctx } = s;
  const db = ctx.database.db;

  // Who sees which records: all (office_audit_all, administrators), a manager's departments and below, else one's own.
  const scope = new ApplicantScope(ctx, OFFICE_ALL);
  const visibleOf = (table: EntityTable) => (user: AuthUser) =>
    scope.conditions(user, { applyUser: columnOf(table, 'applyUser'), applyDept: columnOf(table, 'applyDept') });

  // ----------------------------------------------------------------------------------------------------------
  // The applicant, stamped on a new record and on every start.
  const nowText = () => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: ctx.config.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date())
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
  const stampApplicant = async (user: AuthUser, record: Row) => {
    const dept = user.deptIds[0] ?? null;
    record.applyUser = user.userId;
    record.applyDept = dept;
    record.applyDeptName = dept ? ((await liveDeptNames(db, user.tenantId, [dept])).get(dept) ?? null) : null;
    record.applyTime = nowText();
  };
  const APPLICANT = ['applyUser', 'applyDept', 'applyDeptName', 'applyTime'];

  /** The options every office approval shares: scope, applicant, its own checks (`check`) on save and start. */
  function office(table: EntityTable, more: ApprovalOptions & { check?: (record: Row, current: Row | undefined) => void } = {}): ApprovalOptions {
    const { check, ...rest } = more;
    return {
      dictionary: s.dictionary,
      ...rest,
      visible: visibleOf(table),
      async beforeWrite(user, data, id, input) {
        for (const f of APPLICANT) delete data[f];
        if (!id) await stampApplicant(user, data);
        const current = id ? await currentRow(table, user, id) : undefined;
        check?.(data, current);
        await rest.beforeWrite?.(user, data, id, input);
      },
      async beforeStart(user, record, current, body) {
        await stampApplicant(user, record);
        await rest.beforeStart?.(user, record, current, body);
      },
    };
  }
  const currentRow = async (table: EntityTable, user: AuthUser, id: string) => {
    const t = table;
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(t.id, id), eq(t.tenantId, user.tenantId), eq(t.isDeleted, 0)))
      .limit(1);
    return row as Row | undefined;
  };
  const valueOf = (k: string, data: Row, current: Row | undefined) => (data[k] !== undefined ? data[k] : current?.[k]);
  const ordered = (startKey: string, endKey: string, message: string) => (data: Row, current: Row | undefined) => {
    const a = valueOf(startKey, data, current);
    const b = valueOf(endKey, data, current);
    if (!isBlank(a) && !isBlank(b) && String(b) < String(a)) throw fail(message);
  };

  // ----------------------------------------------------------------------------------------------------------
  // Records with lines: the lines travel with the record (`lines`) and are written in its transaction.
  function withLines<L>(spec: LinesSpec<L>, more: ApprovalOptions & { check?: (record: Row, current: Row | undefined) => void } = {}) {
    const lineCols = spec.lineTable;
    const parentCol = columnOf(lineCols, spec.parentField);
    const lineAmount = columnOf(lineCols, spec.amountField);
    const lineSort = columnOf(lineCols, 'sort');
    const linesField = z.array(spec.schema, { message: spec.noLines }).max(200, { message: OFFICE_MSG.tooManyLines }).optional();
    const linesOf = async (id: string, tx: Executor = db) =>
      (await tx
        .select()
        .from(spec.lineTable)
        .where(and(eq(parentCol, id), eq(lineCols.isDeleted, 0)))
        .orderBy(lineSort)) as Row[];
    /** Lines checked on save, update or start, written in the record's transaction (the request's user object). */
    const pending = new WeakMap<AuthUser, Row[]>();
    const writeLines = async (tx: Executor, user: AuthUser, id: string, lines: Row[]) => {
      await tx
        .update(spec.lineTable)
        .set({ isDeleted: 1 } as never)
        .where(and(eq(parentCol, id), eq(lineCols.isDeleted, 0)));
      if (!lines.length) return;
      await tx.insert(spec.lineTable).values(
        lines.map((l, i) => ({
          ...l,
          id: nextId(),
          tenantId: user.tenantId,
          createUser: user.userId,
          updateUser: user.userId,
          [spec.parentField]: id,
          sort: i + 1,
        })) as never,
      );
    };
    const options = office(spec.table, {
      ...more,
      extraBody: { lines: linesField },
      async beforeWrite(user, data, id, input) {
        const sent = input.body.lines as L[] | undefined;
        if (sent) {
          if (!sent.length) throw fail(spec.noLines);
          const lines = sent.map((l) => spec.complete(l));
          const total = sumMoney(lines.map((l) => l.amountValue));
          if (
            !isBlank(input.body.totalAmount) &&
            (!MONEY_TEXT_RE.test(String(input.body.totalAmount).trim()) || compareMoney(String(input.body.totalAmount), total) !== 0)
          )
            throw fail(OFFICE_MSG.linesTotal);
          data.totalAmount = total;
          pending.set(
            user,
            lines.map(({ amountValue: _, ...l }) => l),
          );
        } else {
          if (!id) throw fail(spec.noLines);
          // Kept lines: the total is theirs (a start of a saved draft, an update of the head only).
          const kept = await linesOf(id);
          if (!kept.length) throw fail(spec.noLines);
          data.totalAmount = sumMoney(kept.map((l) => String(l[spec.amountField])));
          if (!isBlank(input.body.totalAmount) && compareMoney(String(input.body.totalAmount), String(data.totalAmount)) !== 0)
            throw fail(OFFICE_MSG.linesTotal);
        }
        await more.beforeWrite?.(user, data, id, input);
      },
      async inTransaction(tx, user, change) {
        const lines = pending.get(user);
        pending.delete(user);
        if (lines) await writeLines(tx, user, change.id, lines);
      },
      async afterWrite(_user, change) {
        if (change.op === 'remove')
          await db
            .update(spec.lineTable)
            .set({ isDeleted: 1 } as never)
            .where(inArray(parentCol, change.ids));
      },
      decorate: async (_user, row) => ({ ...row, lines: await linesOf(String(row.id)) }),
    });
    const repo = kit.register(spec.def, spec.table, options);
    // The lines' parent: the records the caller may see — the data scope and who sees what (visibleOf) alike.
    const parentRepo = repo.narrowed(visibleOf(spec.table));

    // The lines on their own routes (S2 L440): read within the record's scope; a change moves the record's total.
    const parentCols = spec.table;
    const statusOf = async (user: AuthUser, parentId: string) => {
      const [p] = await db
        .select({ status: parentCols.status })
        .from(spec.table)
        .where(and(eq(parentCols.id, parentId), eq(parentCols.tenantId, user.tenantId)));
      return p ? Number(p.status) : undefined;
    };
    const locked = (status: number | undefined) => status === APPROVAL_STATUS.approving || status === APPROVAL_STATUS.approved;
    const retotal = async (tx: Executor, parentIds: string[]) => {
      for (const pid of new Set(parentIds)) {
        const [r] = (await tx
          .select({ total: sql<string>`coalesce(sum(${lineAmount}), 0)::numeric(18,2)::text` })
          .from(spec.lineTable)
          .where(and(eq(parentCol, pid), eq(lineCols.isDeleted, 0)))) as { total: string }[];
        await tx
          .update(spec.table)
          .set({ totalAmount: r?.total ?? '0.00', updateTime: sql`now()` } as never)
          .where(eq(parentCols.id, pid));
      }
    };
    const removing = new WeakMap<AuthUser, string[]>();
    const lineRepo = ctx.repo(spec.lineDef, spec.lineTable, parentRepo);
    registerEntityRoutes(ctx.route, lineRepo, ctx.access, {
      dictionary: s.dictionary,
      async beforeWrite(user, data, id) {
        const current = id ? ((await lineRepo.detail(user, id)) as Row | undefined) : undefined;
        const parentId = String(valueOf(spec.parentField, data, current) ?? '');
        if (locked(await statusOf(user, parentId))) throw fail(OFFICE_MSG.locked);
        const merged = { ...current, ...data } as Row;
        const parsed = spec.schema.safeParse(merged);
        if (!parsed.success) throw fail(parsed.error.issues[0]?.message ?? '参数错误');
        const { amountValue, ...values } = spec.complete(parsed.data);
        for (const [k, v] of Object.entries(values)) if (k in spec.lineDef.fields) data[k] = v;
        data[spec.amountField] = amountValue;
      },
      async inTransaction(tx, _user, change) {
        const [line] = (await tx.select({ parent: parentCol }).from(spec.lineTable).where(eq(lineCols.id, change.id))) as { parent: string }[];
        if (line) await retotal(tx, [String(line.parent)]);
      },
      async beforeRemove(user, ids) {
        const rows = (await db
          .select({ parent: parentCol })
          .from(spec.lineTable)
          .where(and(inArray(lineCols.id, ids), eq(lineCols.tenantId, user.tenantId)))) as { parent: string }[];
        for (const r of rows) if (locked(await statusOf(user, String(r.parent)))) throw fail(OFFICE_MSG.lockedRemove);
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
    return repo;
  }

  // 出差: trip lines (date, from, to, transport, cost ≥ 0); total = Σ costs; days from the dates.
  withLines<EvectionLine>(
    {
      def: auditEvectionEntity,
      table: evections,
      lineDef: auditEvectionInfoEntity,
      lineTable: evectionInfos,
      parentField: 'auditEvectionId',
      schema: evectionLine,
      noLines: OFFICE_MSG.noEvectionLines,
      amountField: 'cost',
      complete: (l) => {
        const cost = amountOf(l.cost, OFFICE_MSG.costNotNegative, false);
        return { tripDate: l.tripDate, fromPlace: l.fromPlace, toPlace: l.toPlace, transport: l.transport, cost, remark: l.remark ?? null, amountValue: cost };
      },
    },
    {
      check(data, current) {
        ordered('startDate', 'endDate', OFFICE_MSG.endDateBeforeStart)(data, current);
        const a = valueOf('startDate', data, current);
        const b = valueOf('endDate', data, current);
        if (!isBlank(a) && !isBlank(b)) data.days = tripDays(String(a).slice(0, 10), String(b).slice(0, 10));
      },
    },
  );

  // 采购: item lines (quantity × price = amount, on fen); total = Σ amounts.
  withLines<ShoppingLine>({
    def: auditShoppingEntity,
    table: shoppings,
    lineDef: auditShoppingInfoEntity,
    lineTable: shoppingInfos,
    parentField: 'auditShoppingId',
    schema: shoppingLine,
    noLines: OFFICE_MSG.noShoppingLines,
    amountField: 'amount',
    complete: (l) => {
      const price = amountOf(l.price, OFFICE_MSG.positive, true);
      const amount = multiplyMoney(price, String(l.qty));
      return { itemName: l.itemName, spec: l.spec ?? null, qty: l.qty, price, amount, remark: l.remark ?? null, amountValue: amount };
    },
  });

  // 外出 and 用车: a time range in order.
  kit.register<EntityDef>(auditGoOutEntity, goOuts, office(goOuts, { check: ordered('startTime', 'endTime', OFFICE_MSG.endBeforeStart) }));
  kit.register<EntityDef>(auditCarEntity, cars, office(cars, { check: ordered('startTime', 'endTime', OFFICE_MSG.endBeforeStart) }));
}
