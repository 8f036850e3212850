/**
 * Enterprise information (企业信息, spec 2: "company search and detail of an enterprise-information service,
 * with searchName"): `GET /api/business/enterprise/company/search?searchName=` pages companies whose name
 * contains the text, `GET /api/business/enterprise/company/detail?searchName=` answers one company by its exact
 * name or credit code. Both go through an EnterpriseInfoProvider. The default answers from the tenant's own
 * customer records (within the caller's data scope). A commercial registry service (企查查, 天眼查 …) is chosen
 * by configuration (ENTERPRISE_PROVIDER=http, ENTERPRISE_API_URL, ENTERPRISE_API_KEY): HttpEnterpriseProvider
 * calls it behind a small generic contract (see the class); another service plugs in by implementing the
 * interface and handing it to registerCustomer.
 */
import { creditCodeError, type Page } from '@hjl/core';
import { eq, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EnterpriseConfig } from '../../platform/config.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { page } from '../../platform/http/envelope.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
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
    return {
      name: String(r.customerName),
      creditCode: (r.creditCode as string) ?? null,
      regionName: (r.regionName as string) ?? null,
      address: (r.address as string) ?? null,
      source: 'customer',
    };
  }

  async search(user: AuthUser, searchName: string, current: number, size: number): Promise<Page<EnterpriseBrief>> {
    const p = await this.repo.page(user, { current: String(current), size: String(size), ascs: 'customerName' }, [
      like(customers.customerName, `%${escapeLike(searchName)}%`),
    ]);
    return page(
      p.records.map((r) => this.brief(r)),
      p.total,
      p.current,
      p.size,
    );
  }

  async detail(user: AuthUser, searchName: string): Promise<EnterpriseDetail | undefined> {
    const found = await this.repo.find(user, [
      creditCodeError(searchName)
        ? eq(customers.customerName, searchName)
        : sql`(${eq(customers.creditCode, searchName)} or ${eq(customers.customerName, searchName)})`,
    ]);
    if (!found) return undefined;
    const r = firstRow(await this.withOwnerNames(user, [found]), 'enterprise detail owner names');
    return {
      ...this.brief(r),
      contactPerson: (r.contactPerson as string) ?? null,
      contactPhone: (r.contactPhone as string) ?? null,
      customerId: String(r.id),
      ownerName: (r.ownerName as string) || null,
      facts: [],
    };
  }
}

/** How long a registry call may take before the caller is told the service did not answer. */
export const REGISTRY_TIMEOUT_MS = 5000;

export const REGISTRY_MSG = {
  timeout: '企业信息服务响应超时,请稍后重试',
  unreachable: '无法连接企业信息服务,请稍后重试',
  status: (status: number) => `企业信息服务调用失败(HTTP ${status}),请稍后重试`,
  unreadable: '企业信息服务返回的数据无法识别',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The first of the keys holding a non-blank text or a number, as text. */
const pick = (o: Json, ...keys: string[]): string | null => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
};
/** A date the registry sends as text or as epoch milliseconds, as yyyy-MM-dd. */
const dateText = (o: Json, ...keys: string[]): string | null => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString().slice(0, 10);
  }
  return pick(o, ...keys);
};
/** The payload inside the usual envelopes (`{ data: … }`, `{ result: … }`). */
const unwrap = (v: unknown): unknown => {
  let cur = v;
  for (let i = 0; i < 3; i++) {
    if (!isObject(cur)) break;
    const o = cur;
    const inner = ['data', 'result', 'Result'].find((k) => isObject(o[k]) || Array.isArray(o[k]));
    if (!inner) break;
    cur = o[inner];
  }
  return cur;
};

/** The companies of a search answer: the array itself or its `items` / `records` / `list`. */
const listOf = (answer: unknown): unknown[] => {
  const list = Array.isArray(answer) ? answer : isObject(answer) ? ['items', 'records', 'list'].map((k) => answer[k]).find(Array.isArray) : undefined;
  if (!list) throw fail(REGISTRY_MSG.unreadable);
  return list;
};

const FACTS: [string, (o: Json) => string | null][] = [
  ['法定代表人', (o) => pick(o, 'legalPerson', 'legalPersonName', 'operName')],
  ['注册资本', (o) => pick(o, 'regCapital', 'registeredCapital', 'registCapi')],
  ['登记状态', (o) => pick(o, 'regStatus', 'status', 'Status')],
  ['成立日期', (o) => dateText(o, 'establishDate', 'estiblishTime', 'startDate')],
  ['企业类型', (o) => pick(o, 'companyType', 'entType', 'econKind')],
  ['所属行业', (o) => pick(o, 'industry')],
  ['经营范围', (o) => pick(o, 'businessScope', 'scope')],
];

/**
 * A registry service reached over HTTP (ENTERPRISE_PROVIDER=http). The generic contract, below
 * ENTERPRISE_API_URL, with `Authorization: Bearer <ENTERPRISE_API_KEY>` when a key is set:
 *
 * - `GET <url>/search?name=<text>&page=<n>&size=<n>` → `{ total, items: [company …] }`
 * - `GET <url>/detail?creditCode=<code>` or `?id=<registry id>` → one company; 404 when unknown
 *
 * Either answer may come wrapped in `data` or `result`; the list may also be `records` or `list`. A company
 * is read from the usual field names (`name`, `creditCode` / `unifiedSocialCreditCode`, `regLocation` /
 * `address`, `legalPersonName`, `regCapital`, `regStatus`, `estiblishTime` …). A detail asked by name
 * searches first and opens the registry's exact match. A call that fails, answers something else or takes
 * longer than five seconds is refused (400) with a message saying so; the detail is linked to our own
 * customer record of the company when the caller may see one.
 */
export class HttpEnterpriseProvider implements EnterpriseInfoProvider {
  private readonly base: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly own: EnterpriseInfoProvider | undefined;
  /** Shown as the source of each answer. */
  private readonly source: string;

  constructor(options: { url: string; apiKey?: string; timeoutMs?: number; own?: EnterpriseInfoProvider; source?: string }) {
    this.base = options.url.replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? REGISTRY_TIMEOUT_MS;
    this.own = options.own;
    this.source = options.source ?? '企业信息服务';
  }

  /** The parsed answer of GET <url><path>; undefined for a 404. */
  private async call(path: string, query: Record<string, string | number>): Promise<unknown> {
    const url = `${this.base}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    let text: string;
    let status: number;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      throw fail((e as Error).name === 'TimeoutError' ? REGISTRY_MSG.timeout : REGISTRY_MSG.unreachable);
    }
    if (status === 404) return undefined;
    if (status < 200 || status >= 300) throw fail(REGISTRY_MSG.status(status));
    try {
      return unwrap(JSON.parse(text));
    } catch {
      throw fail(REGISTRY_MSG.unreadable);
    }
  }

  private brief(o: Json): EnterpriseBrief {
    const name = pick(o, 'name', 'companyName', 'entName', 'Name');
    if (!name) throw fail(REGISTRY_MSG.unreadable);
    const region = pick(o, 'regionName', 'region') ?? ([pick(o, 'province', 'base'), pick(o, 'city'), pick(o, 'district')].filter(Boolean).join('/') || null);
    return {
      name,
      creditCode: pick(o, 'creditCode', 'unifiedSocialCreditCode', 'creditNo', 'CreditCode'),
      regionName: region,
      address: pick(o, 'address', 'regLocation', 'regAddress', 'Address'),
      source: this.source,
    };
  }

  async search(_user: AuthUser, searchName: string, current: number, size: number): Promise<Page<EnterpriseBrief>> {
    const answer = await this.call('/search', { name: searchName, page: current, size });
    const list = listOf(answer);
    if (!list.every(isObject)) throw fail(REGISTRY_MSG.unreadable);
    const total = isObject(answer) && typeof answer.total === 'number' ? answer.total : list.length;
    return page(
      list.slice(0, size).map((o) => this.brief(o)),
      total,
      current,
      size,
    );
  }

  async detail(user: AuthUser, searchName: string): Promise<EnterpriseDetail | undefined> {
    let answer: unknown;
    if (!creditCodeError(searchName)) answer = await this.call('/detail', { creditCode: searchName });
    else {
      // By name: the registry's exact match, opened by its id (or credit code).
      const found = await this.call('/search', { name: searchName, page: 1, size: 20 });
      const hit = listOf(found)
        .filter(isObject)
        .find((o) => pick(o, 'name', 'companyName', 'entName', 'Name') === searchName);
      if (!hit) return undefined;
      const id = pick(hit, 'id', 'keyNo', 'KeyNo');
      const code = pick(hit, 'creditCode', 'unifiedSocialCreditCode', 'creditNo', 'CreditCode');
      answer = id ? await this.call('/detail', { id }) : code ? await this.call('/detail', { creditCode: code }) : hit;
    }
    if (answer === undefined) return undefined;
    if (!isObject(answer)) throw fail(REGISTRY_MSG.unreadable);
    const brief = this.brief(answer);
    const ours = this.own ? await this.own.detail(user, brief.creditCode ?? brief.name) : undefined;
    return {
      ...brief,
      contactPerson: pick(answer, 'contactPerson') ?? ours?.contactPerson ?? null,
      contactPhone: pick(answer, 'contactPhone', 'phone', 'phoneNumber', 'telephone') ?? ours?.contactPhone ?? null,
      customerId: ours?.customerId ?? null,
      ownerName: ours?.ownerName ?? null,
      facts: FACTS.flatMap(([label, read]) => {
        const value = read(answer);
        return value ? [{ label, value }] : [];
      }),
    };
  }
}

/** The provider the configuration names, over our own records (the default, and the link of a registry's answer). */
export function enterpriseProvider(config: EnterpriseConfig, own: EnterpriseInfoProvider): EnterpriseInfoProvider {
  if (config.provider === 'http') return new HttpEnterpriseProvider({ url: config.apiUrl, apiKey: config.apiKey, own });
  return own;
}

const searchName = z.string({ message: '请输入企业名称' }).trim().min(1, '请输入企业名称').max(100, '企业名称最多100个字符');

export function registerEnterpriseInfo(ctx: ModuleContext, provider: EnterpriseInfoProvider) {
  const tags = ['企业信息'];
  const requires = { anyOf: ['customer', 'customer_enterprise'] };
  ctx.route({
    method: 'GET',
    url: '/api/business/enterprise/company/search',
    summary: '企业信息查询(按名称)',
    tags,
    requires,
    query: z.object({
      searchName,
      current: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').default(1),
      size: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').max(100, '每页最多100条').default(10),
    }),
    handler: ({ user, query }) => provider.search(user, query.searchName, query.current, query.size),
  });
  ctx.route({
    method: 'GET',
    url: '/api/business/enterprise/company/detail',
    summary: '企业信息详情(名称或统一社会信用代码)',
    tags,
    requires,
    query: z.object({ searchName }),
    handler: async ({ user, query }) => {
      const d = await provider.detail(user, query.searchName);
      if (!d) throw notFound('未找到该企业信息');
      return d;
    },
  });
}
