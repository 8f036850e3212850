/**
 * Certificates (证书管理, /api/business/hjlUserCertificate; S2 L443): the registered practice certificates are the
 * firm's qualifications. A certificate registered with the company (`affiliation` 1) is shared for bids with
 * `POST share` and withdrawn with `POST cancel-share` (`ids`, optional `sharedScope`); an expired one cannot be
 * shared (证书已过期,不能共享). `isShare` and `sharedScope` are kept by these two calls only.
 */
import { CERT_AFFILIATION, HR_MSG, userCertificateEntity } from '@hjl/core';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../../platform/http/errors.ts';
import { idsField } from '../../platform/http/params.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { checkDates, personHooks, stripServerFields, type HrShared } from './context.ts';
import { certificates } from './schema.ts';

const API = userCertificateEntity.api;
const tags = [userCertificateEntity.label.zh];
/** Button codes of the two calls. */
export const CERT_CODES = { share: 'user_certificate_share', cancel: 'user_certificate_cancel_share' } as const;

const shareQuery = z.object({
  ids: idsField(),
  sharedScope: z.string({ message: '共享范围必须是文本' }).trim().max(255, { message: '共享范围最多255个字符' }).optional(),
});

export function registerCertificates(s: HrShared) {
  const { ctx } = s;
  const repo = ctx.repo(userCertificateEntity, certificates);
  registerEntityRoutes(
    ctx.route,
    repo,
    ctx.access,
    personHooks(s, repo, certificates, {
      check(_user, data, current) {
        stripServerFields(data, ['isShare', 'sharedScope']);
        checkDates(data, current, 'issueDate', 'expireDate', '有效期至不能早于发证日期');
        // A certificate that is no longer the company's is no longer shared.
        if (data.affiliation != null && Number(data.affiliation) !== CERT_AFFILIATION.company) {
          data.isShare = 0;
          data.sharedScope = null;
        }
      },
    }),
  );

  /** The caller's certificates among `ids` (tenant, data scope), all of them or a refusal. */
  const certificatesOf = async (user: Parameters<typeof repo.page>[0], ids: string[]) => {
    const rows = (await repo.page(user, { size: String(ids.length) }, [inArray(certificates.id, ids)], ids.length)).records;
    if (rows.length !== new Set(ids).size) throw fail(HR_MSG.certMissing);
    return rows;
  };

  ctx.route({
    method: 'POST',
    url: `${API}/share`,
    summary: '共享证书(注册在本公司且未过期)',
    tags,
    requires: { code: CERT_CODES.share },
    query: shareQuery,
    handler: async ({ user, query }) => {
      const rows = await certificatesOf(user, query.ids);
      const today = s.clock.today();
      for (const r of rows) {
        if (Number(r.affiliation) !== CERT_AFFILIATION.company) throw fail(HR_MSG.certNotCompany);
        if (r.expireDate && String(r.expireDate) < today) throw fail(HR_MSG.certExpired);
      }
      await repo.updateMany(user, query.ids, { isShare: 1, sharedScope: query.sharedScope || null });
    },
  });

  ctx.route({
    method: 'POST',
    url: `${API}/cancel-share`,
    summary: '取消共享证书',
    tags,
    requires: { code: CERT_CODES.cancel },
    query: z.object({ ids: idsField() }),
    handler: async ({ user, query }) => {
      await certificatesOf(user, query.ids);
      await repo.updateMany(user, query.ids, { isShare: 0, sharedScope: null });
    },
  });
  return repo;
}
