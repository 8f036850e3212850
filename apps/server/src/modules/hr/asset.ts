/**
 * Assets (资产登记, /api/business/asset; S2 L445): `GET page` and `POST register` (a new asset, or a change of one
 * with its `id`), plus detail, remove and the export of the list. A new asset is registered today unless dated.
 */
import { assetEntity, compareMoney, submitSchema } from '@hjl/core';
import { assertMayWrite, registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { HrShared } from './context.ts';
import { assets } from './schema.ts';

export function registerAssets(s: HrShared) {
  const { ctx } = s;
  const repo = ctx.repo(assetEntity, assets);
  registerEntityRoutes(ctx.route, repo, ctx.access, { dictionary: s.dictionary });

  // `submit` answers the same (the generic list page's add and edit).
  for (const name of ['register', 'submit']) {
    ctx.route({
      method: 'POST',
      url: `${assetEntity.api}/${name}`,
      summary: name === 'register' ? '资产登记(新增或修改)' : '资产新增或修改',
      tags: [assetEntity.label.zh],
      requires: { anyOf: [`${assetEntity.name}_add`, `${assetEntity.name}_edit`] },
      body: submitSchema(assetEntity),
      handler: async ({ user, body }) => {
        const { id, ...data } = body as Row & { id?: string };
        await assertMayWrite(ctx.access, user, assetEntity, id !== undefined);
        if (data.value != null && compareMoney(String(data.value), '0') < 0) throw fail('资产原值不能为负数');
        if (id === undefined) {
          if (data.registerDate == null) data.registerDate = s.clock.today();
          return { id: await repo.insert(user, data) };
        }
        await repo.update(user, id, data);
        return { id };
      },
    });
  }
  return repo;
}
