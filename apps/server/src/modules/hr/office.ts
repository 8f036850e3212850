/**
 * Office approvals (行政审批, BUSINESS.md WP6) on the approval kit, each with its demo process
 * (S2 L69): business trips with their lines (出差 `hjlAuditEvection` + `hjlAuditEvectionInfo`), going out (外出),
 * the use of a car (用车) and purchases with their lines (采购 `hjlAuditShopping` + `hjlAuditShoppingInfo`).
 * What is the area's own:
 * - the applicant (who, department, when) stamped by the server on the first save and on every start;
 * - the lines of trips and purchases, a slot of the kit (approval/lines.ts: sent, written, summed and answered with
 *   their record, on their own routes too): a trip line's amount is its cost (≥ 0), a purchase line's quantity ×
 *   price, on fen;
 * - who sees what: the applicant their own, a department manager (post `manager`) their departments' (and those
 *   below), HR and the leaders (button `office_audit_all`) and administrators all — lists, details and lines alike.
 */
import {
  MONEY_TEXT_RE,
  OFFICE_MSG,
  auditCarEntity,
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditGoOutEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
  isDateText,
  multiplyMoney,
  toFen,
  type EntityDef,
} from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { isBlank } from '../../platform/http/params.ts';
import { fail } from '../../platform/http/errors.ts';
import { ApplicantScope, type ApprovalKit, type ApprovalOptions, type LinesMessages, type LinesSlot } from '../approval/api.ts';
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

/** The messages of office lines (the slot's, approval/lines.ts). */
const lineMessages = (none: string): LinesMessages => ({
  none,
  tooMany: OFFICE_MSG.tooManyLines,
  total: OFFICE_MSG.linesTotal,
  locked: OFFICE_MSG.locked,
  lockedRemove: OFFICE_MSG.lockedRemove,
});

export function registerOffice(s: HrShared, kit: ApprovalKit) {
  const { ctx } = s;
  const db = ctx.database.db;

  // Who sees which records: all (office_audit_all, administrators), a manager's departments and below, else one's own.
  const scope = new ApplicantScope(ctx, OFFICE_ALL);
  const visibleOf = (table: EntityTable) => (user: AuthUser) =>
    scope.conditions(user, { applyUser: columnOf(table, 'applyUser'), applyDept: columnOf(table, 'applyDept') });

  // ----------------------------------------------------------------------------------------------------------
  // The applicant, stamped on a new record and on every start.
  const stampApplicant = async (user: AuthUser, record: Row) => {
    const dept = user.deptIds[0] ?? null;
    record.applyUser = user.userId;
    record.applyDept = dept;
    record.applyDeptName = dept ? ((await liveDeptNames(db, user.tenantId, [dept])).get(dept) ?? null) : null;
    record.applyTime = s.clock.now();
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

  // 出差: trip lines (date, from, to, transport, cost ≥ 0); total = Σ costs; days from the dates.
  kit.register<EntityDef>(
    auditEvectionEntity,
    evections,
    office(evections, {
      check(data, current) {
        ordered('startDate', 'endDate', OFFICE_MSG.endDateBeforeStart)(data, current);
        const a = valueOf('startDate', data, current);
        const b = valueOf('endDate', data, current);
        if (!isBlank(a) && !isBlank(b)) data.days = tripDays(String(a).slice(0, 10), String(b).slice(0, 10));
      },
      lines: {
        def: auditEvectionInfoEntity,
        table: evectionInfos,
        parentField: 'auditEvectionId',
        schema: evectionLine,
        messages: lineMessages(OFFICE_MSG.noEvectionLines),
        amountField: 'cost',
        complete: (l: EvectionLine) => {
          const cost = amountOf(l.cost, OFFICE_MSG.costNotNegative, false);
          return {
            tripDate: l.tripDate,
            fromPlace: l.fromPlace,
            toPlace: l.toPlace,
            transport: l.transport,
            cost,
            remark: l.remark ?? null,
            amountValue: cost,
          };
        },
      } as LinesSlot,
    }),
  );

  // 采购: item lines (quantity × price = amount, on fen); total = Σ amounts.
  kit.register<EntityDef>(
    auditShoppingEntity,
    shoppings,
    office(shoppings, {
      lines: {
        def: auditShoppingInfoEntity,
        table: shoppingInfos,
        parentField: 'auditShoppingId',
        schema: shoppingLine,
        messages: lineMessages(OFFICE_MSG.noShoppingLines),
        amountField: 'amount',
        complete: (l: ShoppingLine) => {
          const price = amountOf(l.price, OFFICE_MSG.positive, true);
          const amount = multiplyMoney(price, String(l.qty));
          return { itemName: l.itemName, spec: l.spec ?? null, qty: l.qty, price, amount, remark: l.remark ?? null, amountValue: amount };
        },
      } as LinesSlot,
    }),
  );

  // 外出 and 用车: a time range in order.
  kit.register<EntityDef>(auditGoOutEntity, goOuts, office(goOuts, { check: ordered('startTime', 'endTime', OFFICE_MSG.endBeforeStart) }));
  kit.register<EntityDef>(auditCarEntity, cars, office(cars, { check: ordered('startTime', 'endTime', OFFICE_MSG.endBeforeStart) }));
}
