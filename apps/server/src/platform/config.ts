/** Configuration from the environment; the README lists every variable. */
import path from 'node:path';
import { DEFAULT_EXACT_TOTAL } from './crud/total.ts';

/**
 * Where enterprise information (企业信息) comes from: `local`, the tenant's own customer records (default), or
 * `http`, a registry service at apiUrl (ENTERPRISE_API_URL, required with `http`). apiKey is sent as
 * `Authorization: Bearer …` (ENTERPRISE_API_KEY).
 */
export type EnterpriseConfig = OutsideServiceConfig;

/** An outside service an area may be answered by instead of its own tables: `local` (default) or `http` at apiUrl. */
export type OutsideServiceConfig =
  { provider: 'local'; apiUrl: string | undefined; apiKey: string | undefined } | { provider: 'http'; apiUrl: string; apiKey: string | undefined };

/**
 * Where the lookup databases (价格库, 人才库 … under /prod-api) answer from: `local`, the tenant's own lookup tables
 * (default), or `http`, a remote service answering the same /prod-api calls at apiUrl (LOOKUP_API_URL, required with
 * `http`); apiKey is sent as `Authorization: Bearer …` (LOOKUP_API_KEY).
 */
export type LookupConfig = OutsideServiceConfig;

export interface Config {
  port: number;
  host: string;
  /** Directory of the embedded database and generated secrets. */
  dataDir: string;
  /** Real PostgreSQL server; when empty the embedded PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  /** HS256 signing key; generated into dataDir on first start when empty. */
  jwtSecret: string | undefined;
  /**
   * How long an instance trusts its own "this token is not revoked" before asking the database again
   * (TOKEN_RECHECK_MS, default 5000): a logout on another instance takes effect within this time.
   */
  tokenRecheckMs: number;
  /** Zone of date-times written and read by the API. */
  timeZone: string;
  /** Directory of the built web app served at /. */
  webDir: string;
  /** Test-only switch: lets GET /api/blade-auth/oauth/captcha answer the expected code. Never on in production. */
  captchaTestMode: boolean;
  /** Switch mode of the web app: users may switch department and role (SWITCH_MODE=on; off by default). */
  switchMode: boolean;
  logLevel: string;
  /** Trust X-Forwarded-* from a proxy in front (TRUST_PROXY: true, or the proxies' addresses); off by default so callers cannot choose their own address. */
  trustProxy: boolean | string;
  /** Largest `size` a list accepts when the tenant has no `page.maxSize` parameter. */
  maxPageSize: number;
  /** Lists count their total exactly up to this many rows and estimate it beyond (LIST_EXACT_TOTAL; 0: always exact). */
  exactTotal: number;
  /**
   * Database servers (`host:port`) a data-source connection test may reach besides the one of DATABASE_URL
   * (DATASOURCE_ALLOWED_HOSTS, comma separated). Nothing else is ever connected to (no SSRF).
   */
  datasourceAllowedHosts: string[];
  /** Token calls per minute per client address (TOKEN_RATE_LIMIT). */
  tokenRateLimit: number;
  /** How often the workflow timer jobs are run, in ms (WF_JOB_POLL_MS; a periodic job); 0 turns them off here. */
  workflowJobPollMs: number;
  /** How often this instance looks for due jobs (platform/jobs), in ms (JOB_POLL_MS); 0: it takes none. */
  jobPollMs: number;
  /** ENTERPRISE_PROVIDER, ENTERPRISE_API_URL, ENTERPRISE_API_KEY. */
  enterprise: EnterpriseConfig;
  /** LOOKUP_PROVIDER, LOOKUP_API_URL, LOOKUP_API_KEY. */
  lookup: LookupConfig;
  /** METRICS_ENABLED, METRICS_TOKEN: the Prometheus metrics at /metrics (platform/metrics.ts). */
  metrics: MetricsConfig;
  /**
   * How long a SIGTERM waits for the requests in flight before it closes their connections, in ms
   * (SHUTDOWN_TIMEOUT_MS, default 10000; platform/http/shutdown.ts).
   */
  shutdownTimeoutMs: number;
}

/** Whether /metrics answers, and the bearer token it then asks for (none: it answers anyone who reaches it). */
export interface MetricsConfig {
  enabled: boolean;
  token: string | undefined;
}

const root = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenRecheckMs: Number(env.TOKEN_RECHECK_MS ?? 5000),
    timeZone: env.APP_TIME_ZONE ?? 'Asia/Shanghai',
    webDir: path.resolve(env.WEB_DIR ?? path.join(root, 'apps/web/dist')),
    captchaTestMode: env.CAPTCHA_TEST_MODE === 'enabled-for-tests',
    switchMode: env.SWITCH_MODE === 'on',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: !env.TRUST_PROXY || env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
    maxPageSize: Number(env.MAX_PAGE_SIZE ?? 1000),
    exactTotal: Number(env.LIST_EXACT_TOTAL ?? DEFAULT_EXACT_TOTAL),
    tokenRateLimit: Number(env.TOKEN_RATE_LIMIT ?? 60),
    workflowJobPollMs: Number(env.WF_JOB_POLL_MS ?? 5000),
    jobPollMs: Number(env.JOB_POLL_MS ?? 5000),
    datasourceAllowedHosts: (env.DATASOURCE_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    enterprise: outsideServiceConfig(env, 'ENTERPRISE', 'the registry service'),
    lookup: outsideServiceConfig(env, 'LOOKUP', 'the lookup service'),
    metrics: metricsConfig(env),
    shutdownTimeoutMs: positiveMs(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
  };
}

/**
 * `<PREFIX>_PROVIDER`, `<PREFIX>_API_URL`, `<PREFIX>_API_KEY`: a wrong setting stops the start with what to fix,
 * rather than failing on the first call.
 */
function outsideServiceConfig(env: NodeJS.ProcessEnv, prefix: 'ENTERPRISE' | 'LOOKUP', service: string): OutsideServiceConfig {
  const provider = (env[`${prefix}_PROVIDER`] || 'local').trim();
  if (provider !== 'local' && provider !== 'http') throw new Error(`${prefix}_PROVIDER must be local or http, not ${provider}`);
  const apiUrl = env[`${prefix}_API_URL`]?.trim() || undefined;
  const apiKey = env[`${prefix}_API_KEY`] || undefined;
  if (provider === 'http') {
    let url: URL | undefined;
    try {
      url = apiUrl ? new URL(apiUrl) : undefined;
    } catch {
      url = undefined;
    }
    if (!apiUrl || !url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`${prefix}_PROVIDER=http needs ${prefix}_API_URL, an http(s) address of ${service}`);
    return { provider, apiUrl, apiKey };
  }
  return { provider, apiUrl, apiKey };
}

/** A wrong metrics setting stops the start: an operator who meant to hide or protect /metrics must not find it open. */
function metricsConfig(env: NodeJS.ProcessEnv): MetricsConfig {
  const raw = (env.METRICS_ENABLED ?? '').trim().toLowerCase();
  const enabled = raw === '' || raw === 'true' || raw === 'on' ? true : raw === 'false' || raw === 'off' ? false : undefined;
  if (enabled === undefined) throw new Error(`METRICS_ENABLED must be true or false, not ${env.METRICS_ENABLED}`);
  const token = env.METRICS_TOKEN?.trim() || undefined;
  // A bearer token (RFC 6750 b64token) long enough not to be guessed.
  if (token !== undefined && !/^[A-Za-z0-9\-._~+/]{16,512}=*$/.test(token))
    throw new Error('METRICS_TOKEN must be 16 to 512 characters of letters, digits and -._~+/ (a bearer token)');
  return { enabled, token };
}

/** A whole number of milliseconds above zero, or the start stops naming the variable. */
function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw new Error(`${name} must be a whole number of milliseconds above 0, not ${raw}`);
  return Number(raw);
}
