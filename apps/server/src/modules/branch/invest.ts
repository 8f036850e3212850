/**
 * 投资信息 (hjlInvestInfo list, detail, remove, submit, *inferred*; `GET his/page`, `GET his/detail`, S2 L447): who
 * invested how much in a branch. Every submit writes a snapshot of the record as saved (hjl_invest_info_his, version
 * 1, 2, …) in its transaction; `his/page` lists a record's snapshots newest first, `his/detail` answers one exactly.
 */
import { BRANCH_MSG, investInfoEntity, investInfoHisEntity, permissionCodes } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { investInfoHis, investInfos } from './schema.ts';
import { checkPercents, type BranchShared } from './shared.ts';

export function registerInvestInfo(s: BranchShared) {
  const repo = s.ctx.repo(investInfoEntity, investInfos, s.filiales);
  const his = s.ctx.repo(investInfoHisEntity, investInfoHis, s.filiales);
  registerEntityRoutes(s.ctx.route, repo, s.ctx.access, {
    dictionary: s.dictionary,
    beforeWrite(_user, data) {
      checkPercents(investInfoEntity, data);
    },
    async inTransaction(tx, user, change) {
      const row = await repo.tenantRow(user.tenantId, change.id, { tx });
      if (!row) throw fail('数据不存在或已被删除');
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${investInfoHis.version}), 0)::int` })
        .from(investInfoHis)
        .where(and(eq(investInfoHis.tenantId, user.tenantId), eq(investInfoHis.investInfoId, row.id)));
      await tx.insert(investInfoHis).values({
        id: nextId(),
        tenantId: user.tenantId,
        createUser: user.userId,
        createDept: user.deptIds[0] ?? null,
        updateUser: user.userId,
        investInfoId: row.id,
        version: Number(last?.n ?? 0) + 1,
        filialeId: row.filialeId,
        investor: row.investor,
        investAmount: row.investAmount,
        investRatio: row.investRatio,
        investDate: row.investDate,
        remark: row.remark,
      });
    },
  });

  const view = permissionCodes(investInfoEntity).view;
  const tags = [investInfoEntity.label.zh];
  s.ctx.route({
    method: 'GET',
    url: `${investInfoEntity.api}/his/page`,
    summary: '投资信息历史(每次提交一条快照,新的在前)',
    tags,
    requires: { code: view },
    query: z.looseObject({ investInfoId: idField().optional() }),
    handler: async ({ user, req }) => {
      const p = await his.page(user, req.query as Record<string, unknown>);
      return { ...p, records: await his.withNames(user, p.records) };
    },
  });
  s.ctx.route({
    method: 'GET',
    url: `${investInfoEntity.api}/his/detail`,
    summary: '投资信息历史快照详情',
    tags,
    requires: { code: view },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const row = await his.detail(user, query.id);
      if (!row) throw notFound(BRANCH_MSG.hisMissing);
      return (await his.withNames(user, [row]))[0];
    },
  });
  return repo;
}
