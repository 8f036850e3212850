/**
 * Enterprise information (企业信息, spec 2: "company search and detail of an enterprise-information service,
 * with searchName"): `GET /api/business/enterprise/company/search?searchName=` pages companies whose name
 * contains the text, `GET /api/business/enterprise/company/detail?searchName=` answers one company by its exact
 * name or credit code. Both go through an EnterpriseInfoProvider. The default answers from the tenant's own
 * customer records (within the caller's data scope); a commercial registry service (企查查, 天眼查 …) plugs
 * in by implementing the interface and passing it to registerCustomer.
 */
import { creditCodeError, type Page } from '@hjl/core';
import { eq, like, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { page } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { customers } from './schema.ts';

/** One company as a search lists it. */
export interface EnterpriseBrief {
  name: string;
  creditCode: string | null;
  regionName: string | null;
  address: string | null;
  /** Where the answer came from: `customer` (our own records) or the registry service's name. */
  source: string;
}

/** One company in full: what the provider knows (registry services add legal person, capital, scope …). */
export interface EnterpriseDetail extends EnterpriseBrief {
  contactPerson: string | null;
  contactPhone: string | null;
  /** Our customer record of the company, when there is one the caller may see. */
  customerId: string | null;
  ownerName: string | null;
  /** Further facts as label → value, shown as they come. */
  facts: { label: string; value: string }[];
}

export interface EnterpriseInfoProvider {
  search(user: AuthUser, searchName: string, current: number, size: number): Promise<Page<EnterpriseBrief>>;
  /** The company named exactly `searchName` (or with that credit code); undefined when unknown. */
  detail(user: AuthUser, searchName: string): Promise<EnterpriseDetail | undefined>;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The default provider: the company's own customer records, confined to the caller's tenant and data scope. */
export class CustomerRecordsProvider implements EnterpriseInfoProvider {
  constructor(
    private readonly repo: EntityRepo,
    private readonly withOwnerNames: (user: AuthUser, rows: Row[]) => Promise<Row[]>,
  ) {}

  private brief(r: Row): EnterpriseBrief {
    return { name: String(r.customerName), creditCode: (r.creditCode as string) ?? null, regionName: (r.regionName as string) ?? null, address: (r.address as string) ?? null, source: 'customer' };
  }

  async search(user: AuthUser, searchName: string, current: number, size: number): Promise<Page<EnterpriseBrief>> {
    const p = await this.repo.page(user, { current: String(current), size: String(size), ascs: 'customerName' }, [like(customers.customerName!, `%${escapeLike(searchName)}%`)]);
    return page(p.records.map((r) => this.brief(r)), p.total, p.current, p.size);
  }

  async detail(user: AuthUser, searchName: string): Promise<EnterpriseDetail | undefined> {
    const found = await this.repo.find(user, [
      creditCodeError(searchName) ? eq(customers.customerName!, searchName) : or(eq(customers.creditCode!, searchName), eq(customers.customerName!, searchName))!,
    ]);
    if (!found) return undefined;
    const [r] = await this.withOwnerNames(user, [found]);
    return {
      ...this.brief(r!),
      contactPerson: (r!.contactPerson as string) ?? null,
      contactPhone: (r!.contactPhone as string) ?? null,
      customerId: String(r!.id),
      ownerName: (r!.ownerName as string) || null,
      facts: [],
    };
  }
}

const searchName = z.string({ message: '请输入企业名称' }).trim().min(1, '请输入企业名称').max(100, '企业名称最多100个字符');

export function registerEnterpriseInfo(ctx: ModuleContext, provider: EnterpriseInfoProvider) {
  const tags = ['企业信息'];
  const requires = { anyOf: ['customer', 'customer_enterprise'] };
  ctx.route({
    method: 'GET', url: '/api/business/enterprise/company/search', summary: '企业信息查询(按名称)', tags, requires,
    query: z.object({
      searchName,
      current: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').default(1),
      size: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').max(100, '每页最多100条').default(10),
    }),
    handler: ({ user, query }) => provider.search(user, query.searchName, query.current, query.size),
  });
  ctx.route({
    method: 'GET', url: '/api/business/enterprise/company/detail', summary: '企业信息详情(名称或统一社会信用代码)', tags, requires,
    query: z.object({ searchName }),
    handler: async ({ user, query }) => {
      const d = await provider.detail(user, query.searchName);
      if (!d) throw notFound('未找到该企业信息');
      return d;
    },
  });
}
