/**
 * The persons' shares of a collection (S1 L134 `hjlProjectCollectPerson`, BUSINESS.md WP3): `save-batch` replaces a
 * collection's persons; ratios in percent (> 0, sum ≤ 100), each amount the collection × ratio to the fen, the
 * rounding difference to the first person, so the amounts add up to exactly the collection × the ratios' sum (the
 * whole collection at 100 %). `expend` sums a person's shares of confirmed collections.
 */

import {
  APPROVAL_STATUS,
  PROJECT_MONEY_MSG as MSG,
  SHARE_RATIO_RE,
  collectShareAmounts,
  compareMoney,
  fenToMoney,
  projectCollectPersonEntity,
  subtractMoney,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, idsField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { COLLECT_CODES, visibleCollect } from './collections.ts';
import type { MoneyShared } from './context.ts';
import { projectCollectPersons, projectCollects } from './schema.ts';

const idParam = z.object({ id: idField() });
const P = projectCollectPersonEntity.api;
const tags = [projectCollectPersonEntity.label.zh];
const ratioText = z.union([z.string(), z.number()], { message: '请输入分配比例' }).transform((v) => String(v).trim());
const batchBody = z.object({
  collectId: idField(),
  persons: z
    .array(
      z.object({
        userId: idField(),
        shareRatio: ratioText,
        remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
      }),
      { message: MSG.noPersons },
    )
    .max(100, { message: '分配人员最多100人' }),
});

/** A collection's persons with their names, in order. */
async function personsOf(s: MoneyShared, user: AuthUser, collectId: string) {
  const db = s.ctx.database.db;
  const rows = await db
    .select()
    .from(projectCollectPersons)
    .where(and(eq(projectCollectPersons.tenantId, user.tenantId), eq(projectCollectPersons.collectId, collectId), eq(projectCollectPersons.isDeleted, 0)))
    .orderBy(asc(projectCollectPersons.sort), asc(projectCollectPersons.id));
  return s.withUserNames(user.tenantId, rows as Row[]);
}

/** Person rows of the caller's tenant on collections they may see. */
async function visiblePersons(s: MoneyShared, repo: EntityRepo, user: AuthUser, ids: string[]) {
  const db = s.ctx.database.db;
  const rows = (await db
    .select()
    .from(projectCollectPersons)
    .where(and(eq(projectCollectPersons.tenantId, user.tenantId), inArray(projectCollectPersons.id, ids), eq(projectCollectPersons.isDeleted, 0)))) as Row[];
  const collectIds = [...new Set(rows.map((r) => String(r.collectId)))];
  if (!collectIds.length) return [];
  const seen = new Set(
    (await repo.page(user, { size: String(collectIds.length) }, [inArray(projectCollects.id, collectIds)], collectIds.length)).records.map((r) => String(r.id)),
  );
  return rows.filter((r) => seen.has(String(r.collectId)));
}

export function registerCollectionPersons(s: MoneyShared, repo: EntityRepo) {
  registerPersonReads(s, repo);
  registerPersonWrites(s, repo);
}

function registerPersonReads(s: MoneyShared, repo: EntityRepo) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  ctx.route({
    method: 'GET',
    url: `${P}/get/persons/:id`,
    summary: '收款的分配人员(比例、金额)',
    tags: tags,
    requires: { code: COLLECT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      await visibleCollect(repo, user, id);
      return personsOf(s, user, id);
    },
  });

  ctx.route({
    method: 'GET',
    url: `${P}/detail`,
    summary: '分配人员详情',
    tags: tags,
    requires: { code: COLLECT_CODES.view },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const [row] = await visiblePersons(s, repo, user, [query.id]);
      if (!row) throw notFound();
      return (await s.withUserNames(user.tenantId, [row]))[0];
    },
  });

  // GET expend: a person's shares of confirmed collections — shared, paid out, left (default: the caller; one project).
  ctx.route({
    method: 'GET',
    url: `${P}/expend`,
    summary: '人员的收款分配合计(已分配、已支出、余额;可按项目)',
    tags: tags,
    requires: { code: COLLECT_CODES.view },
    query: z.object({ userId: idField().optional(), projectId: idField().optional() }),
    handler: async ({ user, query }) => {
      const userId = query.userId ?? user.userId;
      if (query.userId && !(await s.liveUserIds(user.tenantId, [query.userId])).has(query.userId)) throw fail(MSG.personMissing);
      if (query.projectId && !(await projects.projectOf(user, query.projectId))) throw fail(MSG.projectMissing);
      const visible = await repo.scope(user);
      const [row] = await db
        .select({
          shared: sql<string>`coalesce(sum(${projectCollectPersons.shareAmount}), 0)::text`,
          expend: sql<string>`coalesce(sum(${projectCollectPersons.expend}), 0)::text`,
          n: sql<number>`count(*)::int`,
        })
        .from(projectCollectPersons)
        .innerJoin(projectCollects, eq(projectCollects.id, projectCollectPersons.collectId))
        .where(
          and(
            eq(projectCollectPersons.tenantId, user.tenantId),
            eq(projectCollectPersons.isDeleted, 0),
            eq(projectCollectPersons.userId, userId),
            eq(projectCollects.status, APPROVAL_STATUS.approved),
            ...visible,
            ...(query.projectId ? [eq(projectCollects.projectId, query.projectId)] : []),
          ),
        );
      const shared = fenToMoney(toFen(row?.shared ?? '0'));
      const expend = fenToMoney(toFen(row?.expend ?? '0'));
      // The sums only (the ids asked are the caller's own words).
      return { count: Number(row?.n ?? 0), shareAmount: shared, expend, balance: subtractMoney(shared, expend) };
    },
  });
}

function registerPersonWrites(s: MoneyShared, repo: EntityRepo) {
  const { ctx } = s;
  const db = ctx.database.db;
  ctx.route({
    method: 'POST',
    url: `${P}/save-batch`,
    summary: '保存收款的分配人员(替换原有;比例合计不超过100%,金额精确到分)',
    tags: tags,
    requires: { code: COLLECT_CODES.person },
    body: batchBody,
    handler: async ({ user, body }) => {
      const collect = await visibleCollect(repo, user, body.collectId);
      const ratios = body.persons.map((p) => {
        if (!SHARE_RATIO_RE.test(p.shareRatio)) throw fail(MSG.shareRange);
        if (toFen(p.shareRatio) <= 0n || compareMoney(p.shareRatio, '100') > 0) throw fail(MSG.shareRange);
        return p.shareRatio;
      });
      if (compareMoney(sumMoney(ratios), '100') > 0) throw fail(MSG.shareOver);
      const userIds = body.persons.map((p) => p.userId);
      if (new Set(userIds).size !== userIds.length) throw fail(MSG.shareTwice);
      if (userIds.length) {
        const known = await s.liveUserIds(user.tenantId, userIds);
        if (known.size !== new Set(userIds).size) throw fail(MSG.personMissing);
      }
      const amounts = collectShareAmounts(String(collect.collectAmount ?? '0'), ratios);
      const shareAmountAt = (i: number) => {
        const amount = amounts[i];
        if (amount === undefined) throw new Error('collectShareAmounts answers one amount per ratio');
        return amount;
      };
      await db.transaction(async (tx) => {
        // Concurrent batches of one collection queue on it; the last one wins whole.
        await tx.select({ id: projectCollects.id }).from(projectCollects).where(eq(projectCollects.id, body.collectId)).for('update');
        await tx
          .update(projectCollectPersons)
          .set({ isDeleted: 1, updateTime: sql`now()`, updateUser: user.userId })
          .where(
            and(eq(projectCollectPersons.tenantId, user.tenantId), eq(projectCollectPersons.collectId, body.collectId), eq(projectCollectPersons.isDeleted, 0)),
          );
        if (body.persons.length)
          await tx.insert(projectCollectPersons).values(
            body.persons.map((p, i) => ({
              id: nextId(),
              tenantId: user.tenantId,
              collectId: body.collectId,
              projectId: String(collect.projectId),
              userId: p.userId,
              shareRatio: p.shareRatio,
              shareAmount: shareAmountAt(i),
              expend: '0.00',
              sort: i + 1,
              remark: p.remark ?? null,
              createUser: user.userId,
              createDept: user.deptIds[0] ?? null,
              updateUser: user.userId,
            })),
          );
      });
      return personsOf(s, user, body.collectId);
    },
  });

  ctx.route({
    method: 'POST',
    url: `${P}/remove`,
    summary: '删除分配人员',
    tags: tags,
    requires: { code: COLLECT_CODES.person },
    query: z.object({ ids: idsField() }),
    handler: async ({ user, query }) => {
      const rows = await visiblePersons(s, repo, user, query.ids);
      // As every other remove: ids none of which is a share the caller may see are refused.
      if (!rows.length) throw fail('数据不存在或已被删除');
      await db
        .update(projectCollectPersons)
        .set({ isDeleted: 1, updateTime: sql`now()`, updateUser: user.userId })
        .where(
          inArray(
            projectCollectPersons.id,
            rows.map((r) => String(r.id)),
          ),
        );
    },
  });
}
