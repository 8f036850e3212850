/**
 * Pages in a real browser (issue 40, docs/performance.md "Pages in the browser"): Debian's chromium driven by
 * playwright-core with the browser tests' launch flags (e2e/browser.ts), against the compiled server on a fresh,
 * demo-seeded data directory. Each round is a new browser context (empty cache: "cold"), walked once, then walked again
 * after a reload of the same context (HTTP cache filled: "warm"):
 *
 * - login: from the navigation to /login until the form is usable (登录 enabled, the captcha shown); its JavaScript
 *   is what started before the captcha's answer (after it the page loads the shell ahead, for after 登录);
 * - workbench: from the click on 登录 until the workbench's blocks are shown with their data;
 * - contracts: from the click on the menu 合同列表 until its rows show;
 * - project: from the click on a project's 详情 (the project list opened from its menu) until the detail shows;
 * - todo: from the click on the menu 待办事务 until its list shows.
 *
 * "Shows its data" is: the page's own element is there, no spinner or skeleton is on the screen and no API call is
 * in flight, and that has held for QUIET_MS (the time is the start of that quiet, so calls made one after another
 * all count). Each step also records the JavaScript it loaded (compressed bytes over the wire, and the decoded size)
 * and the API calls it made, from the page's resource timing. Five rounds by default; the median is reported.
 */
/// <reference lib="dom" />
import os from 'node:os';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import { residentMb, startServer } from './restart.ts';

export const PAGE_STEPS = ['login', 'workbench', 'contracts', 'project', 'todo'] as const;
export type PageStep = (typeof PAGE_STEPS)[number];
/** Issue 40's goals on an idle machine, in ms. */
export const PAGE_TARGET_MS: Record<PageStep, number> = { login: 800, workbench: 1000, contracts: 600, project: 600, todo: 600 };
const QUIET_MS = 300;
const FIRST_START_SETTLE_MS = 10_000;
const STEP_TIMEOUT_MS = 30_000;

export interface StepSample {
  ms: number;
  /** JavaScript files, their bytes over the wire (0 from the cache) and decoded. */
  jsFiles: number;
  jsTransferBytes: number;
  jsBytes: number;
  apiCalls: number;
  /** The API paths called, in order of their start (without the query). */
  api: string[];
}
export interface StepResult {
  step: PageStep;
  cache: 'cold' | 'warm';
  medianMs: number;
  samples: StepSample[];
  /** The median sample's figures. */
  jsFiles: number;
  jsTransferBytes: number;
  jsBytes: number;
  apiCalls: number;
  api: string[];
}
export interface PagesBenchResult {
  rounds: number;
  /** Resident memory of the server FIRST_START_SETTLE_MS after the first start's login page answered (new data directory, seeded), and its peak. */
  firstStart: { startMs: number; rssMb: number; peakMb: number };
  loadAverage: { start: number; end: number };
  steps: StepResult[];
}

/** What is on the screen once the step's data shows. */
const READY: Record<Exclude<PageStep, 'login'>, string> = {
  workbench: '[data-testid="wel-todos"], [data-testid="wel-notices"], [data-testid="wel-statistics"]',
  contracts: '.ant-table-row, .ant-table-placeholder',
  project: '.ant-descriptions',
  todo: '.ant-table-row, .ant-table-placeholder',
};

/** Resource timing entries started between `from` and `to` (page time): the JavaScript and API calls a step needed. */
async function resourcesBetween(page: Page, from: number, to: number): Promise<Omit<StepSample, 'ms'>> {
  return page.evaluate(
    ([t0, t1]) => {
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= t0 && e.startTime <= t1);
      const js = entries.filter((e) => new URL(e.name).pathname.endsWith('.js'));
      const api = entries.filter((e) => new URL(e.name).pathname.startsWith('/api/')).sort((a, b) => a.startTime - b.startTime);
      return {
        jsFiles: js.length,
        jsTransferBytes: js.reduce((s, e) => s + e.encodedBodySize * (e.transferSize > 0 ? 1 : 0), 0),
        jsBytes: js.reduce((s, e) => s + e.decodedBodySize, 0),
        apiCalls: api.length,
        api: api.map((e) => new URL(e.name).pathname),
      };
    },
    [from, to] as const,
  );
}

/** API calls in flight, counted from the browser's requests. */
function inFlight(page: Page): () => number {
  let n = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => void (isApi(r.url()) && n++));
  page.on('requestfinished', (r) => void (isApi(r.url()) && n--));
  page.on('requestfailed', (r) => void (isApi(r.url()) && n--));
  return () => n;
}

/** Page time at which `selector` showed with no spinner and no call in flight, held for QUIET_MS. */
async function dataShown(page: Page, selector: string, calls: () => number): Promise<number> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  let quietSince: number | undefined;
  for (;;) {
    const [ready, now] = await page.evaluate(
      (sel) =>
        [!!document.querySelector(sel) && !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading'), performance.now()] as const,
      selector,
    );
    if (ready && calls() === 0) {
      quietSince ??= now;
      if (now - quietSince >= QUIET_MS) return quietSince;
    } else quietSince = undefined;
    if (performance.now() > deadline) throw new Error(`${selector} not shown within ${STEP_TIMEOUT_MS} ms on ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Clicks `selector` and times until `ready` shows its data. */
async function timedClick(page: Page, target: Locator, ready: string, calls: () => number): Promise<StepSample> {
  const t0 = await page.evaluate(() => performance.now());
  await target.click();
  const end = await dataShown(page, ready, calls);
  return { ms: end - t0, ...(await resourcesBetween(page, t0, end)) };
}

/** Opens a sidebar entry: the group first when the entry is not showing (as e2e/browser.ts openMenu). */
async function menuEntry(page: Page, group: string, item: string): Promise<Locator> {
  const entry = page.getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: group }).click();
  await entry.waitFor();
  return entry;
}

/** One walk: login page, 登录, the three pages. */
async function walk(page: Page, calls: () => number): Promise<Record<PageStep, StepSample>> {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
  await page.goto('/login', { waitUntil: 'commit' });
  const { testCode } = (await (await captcha).json()) as { testCode: string };
  const usable = await page.waitForFunction(
    () => {
      const submit = document.querySelector<HTMLButtonElement>('[data-testid="login-submit"]');
      const image = document.querySelector('[data-testid="login-captcha-image"] img');
      return submit && !submit.disabled && image ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
  const loginMs = (await usable.jsonValue()) as number;
  // What the form needed: what started before the captcha's answer. Once the captcha is there the page loads antd,
  // the shell and the home page ahead (LoginPage.tsx), which the form does not wait for.
  const captchaEnd = await page.evaluate(
    () =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('/api/blade-auth/oauth/captcha'))?.responseEnd ?? 0,
  );
  const login = { ms: loginMs, ...(await resourcesBetween(page, 0, Math.min(loginMs, captchaEnd || loginMs))) };
  await page.getByTestId('login-tenant').fill('000000');
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin');
  await page.getByTestId('login-captcha').fill(testCode);
  const workbench = await timedClick(page, page.getByTestId('login-submit'), READY.workbench, calls);
  const contracts = await timedClick(page, await menuEntry(page, '合同管理', '合同列表'), READY.contracts, calls);
  await (await menuEntry(page, '项目管理', '项目列表')).click();
  await dataShown(page, '[data-testid^="project-detail-"]', calls);
  const project = await timedClick(page, page.locator('[data-testid^="project-detail-"]').first(), READY.project, calls);
  const todo = await timedClick(page, await menuEntry(page, '流程管理', '待办事务'), READY.todo, calls);
  return { login, workbench, contracts, project, todo };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function summarize(step: PageStep, cache: StepResult['cache'], samples: StepSample[]): StepResult {
  const medianMs = median(samples.map((s) => s.ms));
  const mid = samples.find((s) => s.ms === medianMs)!;
  return {
    step,
    cache,
    medianMs: Math.round(medianMs),
    samples: samples.map((s) => ({ ...s, ms: Math.round(s.ms) })),
    jsFiles: mid.jsFiles,
    jsTransferBytes: mid.jsTransferBytes,
    jsBytes: mid.jsBytes,
    apiCalls: mid.apiCalls,
    api: mid.api,
  };
}

async function rounds(browser: Browser, baseURL: string, count: number, log: (m: string) => void) {
  const cold: Record<PageStep, StepSample[]> = { login: [], workbench: [], contracts: [], project: [], todo: [] };
  const warm: Record<PageStep, StepSample[]> = { login: [], workbench: [], contracts: [], project: [], todo: [] };
  for (let i = 0; i < count; i++) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await context.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    try {
      const page = await context.newPage();
      const calls = inFlight(page);
      const first = await walk(page, calls);
      // Signed out (the session is kept in localStorage), so /login shows its form again from the filled cache.
      await page.evaluate(() => localStorage.clear());
      const second = await walk(page, calls);
      for (const s of PAGE_STEPS) {
        cold[s].push(first[s]);
        warm[s].push(second[s]);
      }
      log(`pages round ${i + 1}: ${PAGE_STEPS.map((s) => `${s} ${Math.round(first[s].ms)}/${Math.round(second[s].ms)}`).join(', ')} ms (cold/warm)`);
    } finally {
      await context.close();
    }
  }
  return PAGE_STEPS.flatMap((s) => [summarize(s, 'cold', cold[s]), summarize(s, 'warm', warm[s])]);
}

/** Starts the compiled server on `dataDir` (seeding it when new) and walks the pages `count` times. */
export async function benchPages(root: string, dataDir: string, count: number, log: (m: string) => void): Promise<PagesBenchResult> {
  const loadAverage = { start: os.loadavg()[0]!, end: 0 };
  const server = await startServer(root, dataDir, true, 180_000, { CAPTCHA_TEST_MODE: 'enabled-for-tests' });
  await new Promise((resolve) => setTimeout(resolve, FIRST_START_SETTLE_MS));
  const firstStart = { startMs: server.ms, ...residentMb(server.child.pid!) };
  log(`pages: first start ${server.ms} ms, ${firstStart.rssMb} MB resident 10 s after (peak ${firstStart.peakMb} MB)`);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const steps = await rounds(browser, server.url, count, log);
    loadAverage.end = os.loadavg()[0]!;
    return { rounds: count, firstStart, loadAverage, steps };
  } finally {
    await browser.close();
    await server.stop();
  }
}
