/**
 * 项目结算 (settlements, BUSINESS.md WP3; S1 L132 `hjlProjectDecision` list, get/{id}, detail, save; S2 L451
 * remove, submit; process `projectSettlement`).
 *
 * A settlement records what the project audited: the submitted amount (送审), the approved amount (审定, never
 * above the submitted), the reduction (审减 = submitted − approved) and its rate (percent of the submitted, two
 * decimals, half up), the settlement fee and date. A project has at most one settlement under approval or
 * approved (checked on save and start, again under a lock of the project row at start and at approval);
 * approved, the project becomes 已完成 on the settlement date with the submitted and approved amounts (the
 * project module's `completeProject`).
 */
import { APPROVAL_STATUS, PROJECT_MONEY_MSG, SETTLEMENT_MSG as MSG, compareMoney, fenToMoney, projectDecisionEntity, subtractMoney, toFen } from '@hjl/core';
import { eq, sql } from 'drizzle-orm';
import { anotherCounted, COUNTED_STATUSES } from '../approval/api.ts';
import { z } from 'zod';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { completeProject } from '../project/api.ts';
import { feePayStates } from './completion-pay.ts';
import type { MoneyShared } from './context.ts';
import { projectDecisions } from './schema.ts';

const SERVER_FIELDS = ['projectName', 'reductionAmount', 'reductionRate', 'feePayStatus', 'feePaidAmount'];

/** The reduction rate: reduction / submitted in percent, two decimals, half up ('0.00' when nothing was submitted). */
export function reductionRate(submitted: string, approved: string): string {
  const s = toFen(submitted);
  if (s <= 0n) return '0.00';
  const r = (toFen(submitted) - toFen(approved)) * 10000n;
  const q = r / s;
  const rem = r % s;
  return fenToMoney(rem * 2n >= s ? q + 1n : q);
}

/**
 * The `project_decision` reference kind (完工付款's 结算记录): a live settlement of the tenant, named by its project
 * and its fee, e.g. `某某项目 · 结算费用 12,345.00` (the fee `-` when there is none).
 */
export function settlementRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: projectDecisions,
    key: projectDecisions.id,
    name: sql`coalesce(${projectDecisions.projectName}, '') || ' · 结算费用 ' || coalesce(to_char(${projectDecisions.settlementFee}, 'FM999,999,999,999,990.00'), '-')`,
    tenant: projectDecisions.tenantId,
    live: eq(projectDecisions.isDeleted, 0),
  });
}

export function registerSettlements(s: MoneyShared) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const def = projectDecisionEntity;
  const tags = [def.label.zh];

  /** Refuses a second settlement of a project under approval or approved (but `except`). */
  const assertOnce = async (tx: Executor, tenantId: string, projectId: string, except: string | undefined, statuses: number[] = COUNTED_STATUSES) => {
    if (await anotherCounted(tx, projectDecisions, tenantId, [eq(projectDecisions.projectId, projectId)], { except, statuses })) throw fail(MSG.once);
  };
  const amountOf = (value: unknown) => {
    const text = String(value ?? '').trim();
    if (!/^\d{1,16}(\.\d{1,2})?$/.test(text)) throw fail(MSG.negative);
    return text;
  };

  // The hooks read the stored settlement by the tenant only: the kit checked the caller's scope before they run.
  const repo: EntityRepo<typeof def> = ctx.approval.register(def, projectDecisions, {
    parent: projects.projects,
    dictionary: s.dictionary,
    // Whether the fee is paid (完工付款): 0 未付款, 1 付款审批中, 2 已付款, with the amount paid.
    async decorateRows(user, rows) {
      const states = await feePayStates(
        db,
        user.tenantId,
        rows.map((r) => String(r.id)),
      );
      return rows.map((r) => ({ ...r, feePayStatus: 0, feePaidAmount: null, ...states.get(String(r.id)) }));
    },
    async decorate(user, row) {
      const states = await feePayStates(db, user.tenantId, [String(row.id)]);
      return { ...row, feePayStatus: 0, feePaidAmount: null, ...states.get(String(row.id)) };
    },
    async beforeWrite(user, data, id) {
      for (const f of SERVER_FIELDS) delete data[f];
      const current: Row | undefined = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const value = (k: string) => (data[k] !== undefined ? data[k] : current?.[k]);
      const projectId = String(value('projectId') ?? '');
      const project = await projects.projectOf(user, projectId);
      if (!project) throw fail(PROJECT_MONEY_MSG.projectMissing);
      data.projectName = project.projectName;
      const submitted = isBlank(value('submittedAmount')) ? null : amountOf(value('submittedAmount'));
      const approved = isBlank(value('approvedAmount')) ? null : amountOf(value('approvedAmount'));
      if (!isBlank(value('settlementFee'))) amountOf(value('settlementFee'));
      if (submitted !== null && approved !== null) {
        if (compareMoney(approved, submitted) > 0) throw fail(MSG.approvedOver);
        data.reductionAmount = subtractMoney(submitted, approved);
        data.reductionRate = reductionRate(submitted, approved);
      }
      await assertOnce(db, user.tenantId, projectId, id);
    },
    async startWith(tx, user, id, record) {
      // Two settlements of one project started at once queue on the project row and see each other.
      await tx.execute(sql`SELECT id FROM hjl_project WHERE id = ${String(record.projectId)} FOR UPDATE`);
      await assertOnce(tx, user.tenantId, String(record.projectId), id);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const row = await repo.tenantRow(rec.tenantId, rec.id, { tx });
      if (!row) return;
      await assertOnce(tx, rec.tenantId, String(row.projectId), rec.id, [APPROVAL_STATUS.approved]);
      await completeProject(tx, rec.tenantId, String(row.projectId), {
        endDate: String(row.decisionDate),
        submittedAmount: row.submittedAmount == null ? null : String(row.submittedAmount),
        approvedAmount: row.approvedAmount == null ? null : String(row.approvedAmount),
      });
    },
  });

  // GET get/{projectId}: the project's settlement — the approved one, else the newest — or null.
  ctx.route({
    method: 'GET',
    url: `${def.api}/get/:id`,
    summary: '项目的结算(已通过的优先,否则最新的)',
    tags,
    requires: { code: def.name },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      if (!(await projects.projectOf(user, id))) throw fail(PROJECT_MONEY_MSG.projectMissing);
      const page = await repo.page(user, { size: '100', descs: 'createTime' }, [eq(projectDecisions.projectId, id)], 100);
      const rows = page.records as Row[];
      const chosen = rows.find((r) => Number(r.status) === APPROVAL_STATUS.approved) ?? rows[0];
      return chosen ? ((await repo.withNames(user, [chosen as never]))[0] ?? null) : null;
    },
  });

  return { repo };
}
