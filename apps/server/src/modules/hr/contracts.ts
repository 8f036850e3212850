/**
 * Labour contracts (劳动合同, /api/business/hjlWorkContract; S2 L448): list, save, update, remove, and the record
 * read by its id or by the person's id — `GET detail?id=` or `?userId=`, and `GET /{param}` with either —: the same
 * record answers (a person's current contract: the one that started last). Dates: the end not before the start, the
 * probation within the contract.
 */
import { HR_MSG, workContractEntity, isIdText } from '@hjl/core';
import { and, desc, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { checkDates, personHooks, type HrShared } from './context.ts';
import { workContracts } from './schema.ts';

const API = workContractEntity.api;
const tags = [workContractEntity.label.zh];

export function registerWorkContracts(s: HrShared) {
  const { ctx } = s;
  const db = ctx.database.db;
  // `detail` is this file's own (by id or person), the rest the definition's.
  const repo = ctx.repo({ ...workContractEntity, routes: workContractEntity.routes.filter((r) => r !== 'detail') }, workContracts);
  registerEntityRoutes(
    ctx.route,
    repo,
    ctx.access,
    personHooks(s, repo, workContracts, {
      check(_user, data, current) {
        checkDates(data, current, 'startDate', 'endDate', HR_MSG.endBeforeStart);
        const start = data.startDate !== undefined ? data.startDate : current?.startDate;
        const end = data.endDate !== undefined ? data.endDate : current?.endDate;
        const probation = data.probationEnd !== undefined ? data.probationEnd : current?.probationEnd;
        if (typeof probation === 'string' && probation) {
          if ((typeof start === 'string' && start && probation < start) || (typeof end === 'string' && end && probation > end))
            throw fail(HR_MSG.probationOutside);
        }
      },
    }),
  );

  /** The contract `key` names: the one with that id, else the person's who started last (tenant, data scope). */
  const contractOf = async (user: AuthUser, key: string) => {
    const [row] = await db
      .select()
      .from(workContracts)
      .where(and(or(eq(workContracts.id, key), eq(workContracts.userId, key)), ...(await repo.scope(user))))
      // The record with that id first, else the person's latest.
      .orderBy(desc(eq(workContracts.id, key)), desc(workContracts.startDate), desc(workContracts.id))
      .limit(1);
    if (!row) throw notFound();
    const [named] = await repo.withNames(user, [row]);
    return named ?? row;
  };

  ctx.route({
    method: 'GET',
    url: `${API}/detail`,
    summary: '劳动合同详情(按id或员工)',
    tags,
    requires: { code: workContractEntity.name },
    query: z.object({ id: idField().optional(), userId: idField().optional() }),
    handler: async ({ user, query }) => {
      const key = query.id ?? query.userId;
      if (!key) throw fail(HR_MSG.idOrUser);
      return contractOf(user, key);
    },
  });

  ctx.route({
    method: 'GET',
    url: `${API}/:param`,
    summary: '劳动合同(按id或员工id)',
    tags,
    requires: { code: workContractEntity.name },
    handler: async ({ user, req }) => {
      const param = String((req.params as { param?: string }).param ?? '');
      if (!isIdText(param) || param === '0') throw fail('请求参数类型错误');
      return contractOf(user, param);
    },
  });
  return repo;
}
