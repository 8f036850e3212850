/**
 * 劳务费 (labour fees, BUSINESS.md §1 and WP3; S1 L125 `hjlProjectCollectLabourFrom` save, persons/{id},
 * calculate/expense/{id}, calculate/ought-to/{id}; S2 L452 list, detail, remove, update; S2 L460 account/{id}).
 *
 * A labour fee pays a project's persons for a period: ought (应发) = Σ approved collections of the period × the
 * labour ratio (percent; default the tenant parameter `labour.ratio.<projectType>`, else `labour.ratio`, else 30)
 * − Σ approved project expenses of the period; the amount paid (实发, at most the ought; default the ought) is split
 * between the persons by their ratios (adding up to 100 %) to the fen (the first person taking the rounding
 * difference), and the tax depends on who is paid (core `labourShares`): an outside person's fee is labour
 * remuneration, its individual income tax withheld here; an employee's is wages — nothing withheld here, the fee
 * joins the payroll of the month it is paid (salary/api.ts `joinLabourToPayroll`: the month, or the first after it
 * still open, marked to be computed again) and is taxed by the cumulative withholding. Persons are staff — who must have a staff account
 * (请选择已维护账户信息的用户!), their bank shown from it — or outside persons with a name and a bank account.
 * The persons travel with the record (`persons`) on save, update and start and are written in its transaction.
 *
 * Two approval steps: the record starts `labor` (劳务费申请); approved, the kit starts `labor/second` (劳务费发放)
 * for it in the same transaction (labourStage 1); approved again, it is paid: one expense row of the ledger for
 * the whole fee (bizType = the table, cost type 人工成本, the project linked), payStatus 1. Rejected or withdrawn at
 * either step it goes back to the applicant, and a new start begins again at `labor`.
 */
import {
  APPROVAL_STATUS,
  LABOUR_COST_TYPE,
  LABOUR_MSG as MSG,
  LABOUR_RATIO_DEFAULT,
  LABOUR_SECOND_PROCESS,
  LABOUR_STAGE,
  MONEY_PAY_STATUS,
  PROJECT_MONEY_MSG,
  SHARE_RATIO_RE,
  compareMoney,
  fenToMoney,
  isDateText,
  labourFeeEntity,
  labourPersonEntity,
  labourOught,
  labourShares,
  sumMoney,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { assertUsersHaveAccounts, ledgerEntryOf, postLedgerEntry, userAccountsOf } from '../finance/api.ts';
import { joinLabourToPayroll } from '../salary/api.ts';
import { userNameOf } from '../user/api.ts';
import type { MoneyShared } from './context.ts';
import { labourFees, labourPersons, projectCollects, projectExpenses } from './schema.ts';

/** Fields the server keeps. */
const SERVER_FIELDS = ['projectName', 'collectAmount', 'expenseAmount', 'oughtAmount', 'taxAmount', 'netAmount', 'labourStage', 'payStatus', 'payDate'];

const optionalText = (max: number, message: string) => z.string().max(max, { message }).optional().nullable();
const personSchema = z.object({
  userId: idField().optional().nullable(),
  personName: optionalText(50, '姓名最多50个字符'),
  bankName: optionalText(100, '开户行最多100个字符'),
  bankAccount: optionalText(64, '银行账号最多64个字符'),
  shareRatio: z.union([z.string(), z.number()], { message: MSG.personRatio }).transform((v) => String(v).trim()),
  remark: optionalText(500, '备注最多500个字符'),
});
type PersonInput = z.infer<typeof personSchema>;
type LabourRow = RowOf<typeof labourFeeEntity>;
type LabourPersonRow = RowOf<typeof labourPersonEntity>;
/** A person as checked and completed (staff: name and bank from their account). */
interface CheckedPerson {
  userId: string | null;
  personName: string | null;
  bankName: string | null;
  bankAccount: string | null;
  shareRatio: string;
  remark: string | null;
}
/** A person checked and completed, with their share of the fee: what the record's transaction writes. */
type PendingPerson = CheckedPerson & { projectId: string; amount: string; taxAmount: string; netAmount: string };

/** Sums of a project's period: approved collections by collection date, approved project expenses by apply date. */
export async function periodSums(tx: Executor, tenantId: string, projectId: string, start?: string | null, end?: string | null) {
  const range = (col: SQL | Parameters<typeof gte>[0]) => [...(start ? [gte(col as never, start)] : []), ...(end ? [lte(col as never, end)] : [])];
  const [c] = await tx
    .select({ s: sql<string>`coalesce(sum(${projectCollects.collectAmount}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(projectCollects)
    .where(
      and(
        eq(projectCollects.tenantId, tenantId),
        eq(projectCollects.projectId, projectId),
        eq(projectCollects.isDeleted, 0),
        eq(projectCollects.status, APPROVAL_STATUS.approved),
        ...range(projectCollects.collectDate),
      ),
    );
  const [e] = await tx
    .select({ s: sql<string>`coalesce(sum(${projectExpenses.totalAmount}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(projectExpenses)
    .where(
      and(
        eq(projectExpenses.tenantId, tenantId),
        eq(projectExpenses.projectId, projectId),
        eq(projectExpenses.isDeleted, 0),
        eq(projectExpenses.status, APPROVAL_STATUS.approved),
        ...range(projectExpenses.applyDate),
      ),
    );
  return {
    collectAmount: fenToMoney(toFen(c?.s ?? '0')),
    collectCount: Number(c?.n ?? 0),
    expenseAmount: fenToMoney(toFen(e?.s ?? '0')),
    expenseCount: Number(e?.n ?? 0),
  };
}

/** A labour fee's persons, in order. */
async function personsOf(tx: Executor, tenantId: string, labourId: string) {
  return (await tx
    .select()
    .from(labourPersons)
    .where(and(eq(labourPersons.tenantId, tenantId), eq(labourPersons.labourId, labourId), eq(labourPersons.isDeleted, 0)))
    .orderBy(asc(labourPersons.sort), asc(labourPersons.id))) as LabourPersonRow[];
}

/** The labour ratio of a project (percent): the tenant's parameter per project type, else its general one, else 30. */
async function defaultRatio(ctx: MoneyShared['ctx'], tenantId: string, projectType: unknown) {
  const general = await ctx.params.get(tenantId, 'labour.ratio', LABOUR_RATIO_DEFAULT);
  const value = projectType == null ? general : await ctx.params.get(tenantId, `labour.ratio.${String(projectType)}`, general);
  return SHARE_RATIO_RE.test(value.trim()) ? value.trim() : LABOUR_RATIO_DEFAULT;
}
function ratioOf(value: unknown, message: string) {
  const text = String(value ?? '').trim();
  if (!SHARE_RATIO_RE.test(text) || toFen(text) <= 0n || compareMoney(text, '100') > 0) throw fail(message);
  return text;
}
function periodOf(start: unknown, end: unknown) {
  for (const d of [start, end]) if (!isBlank(d) && !isDateText(String(d))) throw fail('日期格式应为yyyy-MM-dd');
  if (!isBlank(start) && !isBlank(end) && String(end) < String(start)) throw fail(MSG.periodOrder);
  return { start: isBlank(start) ? null : String(start), end: isBlank(end) ? null : String(end) };
}

/** The persons checked and completed (staff: a live user with an account, bank from it; outside: name and account). */
async function checkPersons(s: MoneyShared, tenantId: string, sent: PersonInput[]): Promise<CheckedPerson[]> {
  const db = s.ctx.database.db;
  if (!sent.length) throw fail(MSG.noPersons);
  if (sent.length > 100) throw fail(MSG.tooManyPersons);
  const withRatios = sent.map((p) => ({ p, shareRatio: ratioOf(p.shareRatio, MSG.personRatio) }));
  const ratios = withRatios.map((x) => x.shareRatio);
  if (compareMoney(sumMoney(ratios), '100') !== 0) throw fail(MSG.personRatioSum);
  const staff = sent.filter((p) => !isBlank(p.userId)).map((p) => String(p.userId));
  if (new Set(staff).size !== staff.length) throw fail(MSG.personTwice);
  for (const p of sent)
    if (isBlank(p.userId)) {
      if (isBlank(p.personName)) throw fail(MSG.outsideName);
      if (isBlank(p.bankAccount)) throw fail(MSG.outsideAccount);
    }
  if (staff.length) {
    const known = await s.liveUserIds(tenantId, staff);
    if (known.size !== staff.length) throw fail(MSG.personMissing);
    await assertUsersHaveAccounts(db, tenantId, staff);
  }
  const accounts = new Map<string, { accountName: string | null; accountNum: string | null; bankName: string | null }>();
  for (const a of await userAccountsOf(db, tenantId, staff))
    if (!accounts.has(String(a.userId)))
      accounts.set(String(a.userId), {
        accountName: a.accountName == null ? null : String(a.accountName),
        accountNum: a.accountNum == null ? null : String(a.accountNum),
        bankName: a.bankName == null ? null : String(a.bankName),
      });
  return withRatios.map(({ p, shareRatio }) => {
    const acc = p.userId ? accounts.get(String(p.userId)) : undefined;
    return {
      userId: isBlank(p.userId) ? null : String(p.userId),
      personName: acc ? acc.accountName : String(p.personName).trim(),
      bankName: acc ? acc.bankName : isBlank(p.bankName) ? null : String(p.bankName).trim(),
      bankAccount: acc ? acc.accountNum : String(p.bankAccount).trim(),
      shareRatio,
      remark: p.remark ?? null,
    };
  });
}

/**
 * The figures of a labour fee being saved, into `data` (period sums, ought, actual, tax, net), and its persons with
 * their shares: the persons sent, or those kept (a change of the head alone recomputes their amounts). `current` is
 * the stored fee of the id, when there is one.
 */
async function computeLabour(
  s: MoneyShared,
  user: AuthUser,
  data: Row,
  id: string | undefined,
  current: LabourRow | undefined,
  sent: PersonInput[] | undefined,
): Promise<PendingPerson[]> {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  for (const f of SERVER_FIELDS) delete data[f];
  const value = (k: keyof LabourRow) => (data[k] !== undefined ? data[k] : current?.[k]);
  const projectId = String(value('projectId') ?? '');
  const project = await projects.projectOf(user, projectId);
  if (!project) throw fail(PROJECT_MONEY_MSG.projectMissing);
  data.projectName = project.projectName;
  const period = periodOf(value('periodStart'), value('periodEnd'));
  const ratio = isBlank(value('labourRatio')) ? await defaultRatio(ctx, user.tenantId, project.projectType) : ratioOf(value('labourRatio'), MSG.ratio);
  data.labourRatio = ratio;
  const collectId = value('collectId');
  if (!isBlank(collectId)) {
    const [c] = await db
      .select({ projectId: projectCollects.projectId, status: projectCollects.status })
      .from(projectCollects)
      .where(and(eq(projectCollects.id, String(collectId)), eq(projectCollects.tenantId, user.tenantId), eq(projectCollects.isDeleted, 0)));
    if (!c || String(c.projectId) !== projectId || Number(c.status) !== APPROVAL_STATUS.approved) throw fail(MSG.collectOther);
  }
  const sums = await periodSums(db, user.tenantId, projectId, period.start, period.end);
  const ought = labourOught(sums.collectAmount, ratio, sums.expenseAmount);
  data.collectAmount = sums.collectAmount;
  data.expenseAmount = sums.expenseAmount;
  data.oughtAmount = ought;
  if (toFen(ought) <= 0n) throw fail(MSG.oughtNotPositive);
  const actualText = isBlank(value('actualAmount')) ? ought : String(value('actualAmount')).trim();
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(actualText) || toFen(actualText) <= 0n) throw fail(MSG.actualPositive);
  if (compareMoney(actualText, ought) > 0) throw fail(MSG.overOught);
  data.actualAmount = actualText;
  // The persons sent, or those kept (a change of the head alone recomputes their amounts).
  const persons = sent
    ? await checkPersons(s, user.tenantId, sent)
    : id
      ? await checkPersons(
          s,
          user.tenantId,
          (await personsOf(db, user.tenantId, id)).map((p) => ({
            userId: p.userId,
            personName: p.personName,
            bankName: p.bankName,
            bankAccount: p.bankAccount,
            shareRatio: String(p.shareRatio),
            remark: p.remark,
          })),
        )
      : await checkPersons(s, user.tenantId, []);
  const shares = labourShares(
    actualText,
    persons.map((p) => p.shareRatio),
    persons.map((p) => p.userId !== null),
  );
  data.taxAmount = sumMoney(shares.map((x) => x.taxAmount));
  data.netAmount = sumMoney(shares.map((x) => x.netAmount));
  if (!id) {
    data.labourStage = LABOUR_STAGE.apply;
    data.payStatus = MONEY_PAY_STATUS.unpaid;
  }
  return persons.map((p, i) => {
    const share = shares[i];
    if (!share) throw new Error('labourShares answers one share per person');
    return { ...p, projectId, amount: share.amount, taxAmount: share.taxAmount, netAmount: share.netAmount };
  });
}

/** A labour fee's approval moved: back to the first step, on to 劳务费发放, or paid (one expense row of the ledger). */
async function labourStatusChanged(s: MoneyShared, tx: Executor, rec: { id: string; tenantId: string }, status: number) {
  const { ctx } = s;
  const def = labourFeeEntity;
  if (status === APPROVAL_STATUS.rejected || status === APPROVAL_STATUS.withdrawn) {
    await tx.update(labourFees).set({ labourStage: LABOUR_STAGE.apply }).where(eq(labourFees.id, rec.id));
    return;
  }
  if (status !== APPROVAL_STATUS.approved) return;
  const [row] = (await tx
    .select({ fee: labourFees, starterName: userNameOf(sql`${labourFees.createUser}::text`, sql`${labourFees.tenantId}`) })
    .from(labourFees)
    .where(and(eq(labourFees.id, rec.id), eq(labourFees.tenantId, rec.tenantId)))
    .limit(1)
    .for('update')) as { fee: LabourRow; starterName: string | null }[];
  if (!row) return;
  const fee = row.fee;
  const persons = await personsOf(tx, rec.tenantId, rec.id);
  // Paying people needs their accounts still (a staff account removed since the start refuses the approval).
  await assertUsersHaveAccounts(
    tx,
    rec.tenantId,
    persons.filter((p) => p.userId).map((p) => String(p.userId)),
  );
  if (Number(fee.labourStage) !== LABOUR_STAGE.pay) {
    // 劳务费申请 approved: the second step (劳务费发放) starts for the record, in this transaction.
    await tx.update(labourFees).set({ labourStage: LABOUR_STAGE.pay }).where(eq(labourFees.id, rec.id));
    await ctx.approval.startNext(tx, {
      def,
      tenantId: rec.tenantId,
      id: rec.id,
      starter: { id: String(fee.createUser), name: row.starterName ?? undefined },
      process: { processKey: LABOUR_SECOND_PROCESS.key, routeKey: LABOUR_SECOND_PROCESS.form },
      variables: {
        projectId: fee.projectId,
        projectName: fee.projectName,
        actualAmount: fee.actualAmount,
        money: String(fee.actualAmount),
      },
      title: '{userName}的劳务费发放:{projectName}({actualAmount}元)',
    });
    return;
  }
  // 劳务费发放 approved: paid — one expense row of the ledger for the whole fee.
  const payDate = s.clock.today();
  await postLedgerEntry(
    tx,
    ledgerEntryOf(fee, {
      tenantId: rec.tenantId,
      bizType: def.table,
      bizId: rec.id,
      direction: 'expense',
      amount: String(fee.actualAmount),
      date: payDate,
      accountInfoId: fee.accountInfoId || null,
      costType: LABOUR_COST_TYPE,
      projectId: String(fee.projectId),
      projectName: fee.projectName,
      payeeName: persons
        .map((p) => p.personName ?? '')
        .join('、')
        .slice(0, 100),
      remark: `劳务费: ${fee.projectName ?? ''} ${fee.periodStart ?? ''}~${fee.periodEnd ?? ''}`.slice(0, 500),
      userId: fee.createUser || null,
      deptId: fee.createDept || null,
    }),
  );
  await tx.update(labourFees).set({ payStatus: MONEY_PAY_STATUS.paid, payDate }).where(eq(labourFees.id, rec.id));
  // The employees' fees are wages: each joins a payroll month, whose records (and the later ones) are computed again.
  const joined = await joinLabourToPayroll(
    tx,
    rec.tenantId,
    persons.filter((p) => p.userId).map((p) => String(p.userId)),
    payDate.slice(0, 7),
  );
  for (const p of persons)
    if (p.userId)
      await tx
        .update(labourPersons)
        .set({ salaryMonth: joined.get(String(p.userId)) ?? null })
        .where(eq(labourPersons.id, p.id));
}

export function registerLabour(s: MoneyShared) {
  const repo = registerLabourRecord(s);
  registerLabourReads(s, repo);
  return { repo };
}

function registerLabourRecord(s: MoneyShared) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const def = labourFeeEntity;
  /** Persons checked on save, update or start, written in the record's transaction (the request's user object). */
  const pending = new WeakMap<AuthUser, PendingPerson[]>();

  const repo: EntityRepo<typeof def> = ctx.approval.register(def, labourFees, {
    parent: projects.projects,
    dictionary: s.dictionary,
    extraBody: { persons: z.array(personSchema, { message: MSG.noPersons }).max(100, { message: MSG.tooManyPersons }).optional() },
    async beforeWrite(user, data, id, input) {
      // The stored fee by the tenant only: the kit checked the caller's scope before the hooks run.
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      pending.set(user, await computeLabour(s, user, data, id, current, input.body.persons as PersonInput[] | undefined));
    },
    async beforeStart(_user, record) {
      // Every start begins at the first step (劳务费申请).
      record.labourStage = LABOUR_STAGE.apply;
      record.payStatus = MONEY_PAY_STATUS.unpaid;
    },
    async inTransaction(tx, user, change) {
      const rows = pending.get(user);
      pending.delete(user);
      if (!rows) return;
      await tx
        .update(labourPersons)
        .set({ isDeleted: 1, updateTime: sql`now()`, updateUser: user.userId })
        .where(and(eq(labourPersons.tenantId, user.tenantId), eq(labourPersons.labourId, change.id), eq(labourPersons.isDeleted, 0)));
      await tx.insert(labourPersons).values(
        rows.map((p, i) => ({
          id: nextId(),
          tenantId: user.tenantId,
          labourId: change.id,
          projectId: p.projectId,
          userId: p.userId,
          personName: p.personName,
          bankName: p.bankName,
          bankAccount: p.bankAccount,
          shareRatio: p.shareRatio,
          amount: p.amount,
          taxAmount: p.taxAmount,
          netAmount: p.netAmount,
          sort: i + 1,
          remark: p.remark,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
        })),
      );
    },
    decorate: async (user, row) => ({ ...row, persons: await s.withUserNames(user.tenantId, await personsOf(db, user.tenantId, String(row.id))) }),
    async beforeRemove(user, ids) {
      await db
        .update(labourPersons)
        .set({ isDeleted: 1, updateTime: sql`now()` })
        .where(and(eq(labourPersons.tenantId, user.tenantId), inArray(labourPersons.labourId, ids)));
    },
    onStatus: (tx, rec, status) => labourStatusChanged(s, tx, rec, status),
  });
  return repo;
}

/** The persons of a fee, the calculations of a project's period and a person's staff accounts. */
function registerLabourReads(s: MoneyShared, repo: EntityRepo) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const def = labourFeeEntity;
  const tags = [def.label.zh];
  const viewCode = def.name;
  const idParam = z.object({ id: idField() });
  const periodQuery = z.looseObject({ periodStart: z.string().optional(), periodEnd: z.string().optional(), labourRatio: z.string().optional() });
  const A = def.api;

  /** A project the caller may see (the `{id}` of the calculations), or 400. */
  const visibleProject = async (user: AuthUser, id: string) => {
    const project = await projects.projectOf(user, id);
    if (!project) throw fail(PROJECT_MONEY_MSG.projectMissing);
    return project;
  };

  ctx.route({
    method: 'GET',
    url: `${A}/persons/:id`,
    summary: '劳务费的发放人员(比例、应发、代扣个税、实付)',
    tags,
    requires: { code: viewCode },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      if (!(await repo.find(user, [eq(labourFees.id, id)]))) throw fail(MSG.missing);
      return s.withUserNames(user.tenantId, await personsOf(db, user.tenantId, id));
    },
  });

  ctx.route({
    method: 'GET',
    url: `${A}/calculate/expense/:id`,
    summary: '项目期间内已审批通过的项目费用合计(劳务费应扣费用)',
    tags,
    requires: { code: viewCode },
    query: periodQuery,
    handler: async ({ user, req, query }) => {
      const { id } = parseOrFail(idParam, req.params);
      await visibleProject(user, id);
      const period = periodOf(query.periodStart, query.periodEnd);
      const sums = await periodSums(db, user.tenantId, id, period.start, period.end);
      return { projectId: id, ...period, expenseAmount: sums.expenseAmount, expenseCount: sums.expenseCount };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${A}/calculate/ought-to/:id`,
    summary: '劳务费应发金额 = 期间已确认收款 × 劳务费比例 − 期间项目费用',
    tags,
    requires: { code: viewCode },
    query: periodQuery,
    handler: async ({ user, req, query }) => {
      const { id } = parseOrFail(idParam, req.params);
      const project = await visibleProject(user, id);
      const period = periodOf(query.periodStart, query.periodEnd);
      const ratio = isBlank(query.labourRatio) ? await defaultRatio(ctx, user.tenantId, project.projectType) : ratioOf(query.labourRatio, MSG.ratio);
      const sums = await periodSums(db, user.tenantId, id, period.start, period.end);
      return {
        projectId: id,
        ...period,
        labourRatio: ratio,
        collectAmount: sums.collectAmount,
        expenseAmount: sums.expenseAmount,
        oughtAmount: labourOught(sums.collectAmount, ratio, sums.expenseAmount),
      };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${A}/account/:id`,
    summary: '人员的员工账户(户名、账号、开户行;默认账户在前)',
    tags,
    requires: { code: viewCode },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      if (!(await s.liveUserIds(user.tenantId, [id])).has(id)) throw fail(MSG.personMissing);
      return (await userAccountsOf(db, user.tenantId, [id])).map((a) => ({ ...a, id: String(a.id), userId: String(a.userId) }));
    },
  });
}
