/** 分公司合同 (hjlFilialeContract list, detail, submit, remove; S2 L451): the agreements under which a branch works. */
import { BRANCH_MSG, filialeContractEntity } from '@hjl/core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import { filialeContracts } from './schema.ts';
import { blank, type BranchShared } from './shared.ts';

export function registerFilialeContracts(s: BranchShared) {
  const repo = s.ctx.repo(filialeContractEntity, filialeContracts, s.filiales);
  registerEntityRoutes(s.ctx.route, repo, s.ctx.access, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      const stored = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const v = { ...stored, ...data };
      if (!blank(v.startDate) && !blank(v.endDate) && String(v.endDate) < String(v.startDate)) throw fail(BRANCH_MSG.endBeforeStart);
    },
  });
  return repo;
}
