/** 分公司账户 (hjlFilialeAccount list, detail, submit, remove; S2 L451): the branch's bank accounts. */
import { filialeAccountEntity } from '@hjl/core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { filialeAccounts } from './schema.ts';
import type { BranchShared } from './shared.ts';

export function registerFilialeAccounts(s: BranchShared) {
  const repo = s.ctx.repo(filialeAccountEntity, filialeAccounts, s.filiales);
  registerEntityRoutes(s.ctx.route, repo, s.ctx.access, { dictionary: s.dictionary });
  return repo;
}
