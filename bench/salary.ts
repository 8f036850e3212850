/**
 * Payroll at scale (BUSINESS.md WP6): 5,000 people with a salary standard; their attendance file (.xlsx, 5,000 rows,
 * the demo's six displayable fields) imported through `POST hjlAttendanceImport/importAttendance` — the dry run, then
 * the import — and the month computed through `POST hjlSalaryRecord/compute` (5,000 records with their calculation,
 * the income tax withheld over an earlier month of the year). Each call is timed end to end (app.inject) and the
 * process's peak RSS and heap are sampled every 10 ms while it runs.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/index.ts';
import { prepareDatabase, webClientBasic } from '../apps/server/src/seed/index.ts';
import { multipart } from '../apps/server/src/testing/multipart.ts';
import { md5 } from '../apps/server/src/testing/app.ts';

export const SALARY_PEOPLE = 5000;

export interface SalaryStep {
  name: string;
  ms: number;
  peakRssMb: number;
  peakHeapMb: number;
  answer: string;
}
export interface SalaryBenchResult {
  kind: 'pglite' | 'postgres';
  people: number;
  seedMs: number;
  fileKb: number;
  steps: SalaryStep[];
}

const log = (msg: string) => console.log(`[bench] ${msg}`);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Runs `fn`, sampling the process's memory every 10 ms: its time and peaks. */
async function measured<T>(name: string, fn: () => Promise<T>, describe: (t: T) => string): Promise<SalaryStep> {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  const t0 = performance.now();
  try {
    const out = await fn();
    const ms = Math.round(performance.now() - t0);
    const m = process.memoryUsage();
    return { name, ms, peakRssMb: mb(Math.max(rss, m.rss)), peakHeapMb: mb(Math.max(heap, m.heapUsed)), answer: describe(out) };
  } finally {
    clearInterval(timer);
  }
}

export async function benchSalary(kind: SalaryBenchResult['kind'], dataDir: string, databaseUrl?: string, people = SALARY_PEOPLE): Promise<SalaryBenchResult> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    WF_JOB_POLL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, `pglite-salary-${kind}`),
    timeZone: config.timeZone,
  });
  try {
    await prepareDatabase(database, config);
    const app = await createApp(config, database);
    await app.ready();
    // People: users bench00001… in the first dept, each with the P3 standard on the Nanjing scheme.
    const t0 = performance.now();
    const [dept] = await database.raw(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = '000000' AND is_deleted = 0 ORDER BY id LIMIT 1`);
    const [level] = await database.raw(`SELECT id::text AS id FROM hjl_salary_config WHERE tenant_id = '000000' AND level_code = 'P3'`);
    const [scheme] = await database.raw(`SELECT id::text AS id FROM hjl_social_security WHERE tenant_id = '000000' AND is_deleted = 0 ORDER BY id LIMIT 1`);
    await database.raw(
      `INSERT INTO blade_user (id, tenant_id, account, name, real_name, password, dept_id, role_id, post_id, status, is_deleted)
       SELECT 900000000000000000 + g, '000000', 'bench' || lpad(g::text, 5, '0'), '员工' || g, '员工' || g, 'x', $1, '', '', 1, 0
         FROM generate_series(1, $2::int) g`,
      [dept!.id, people],
    );
    await database.raw(
      `INSERT INTO hjl_user_salary_info (id, tenant_id, user_id, salary_standard, base_pay, post_pay, performance_pay, allowance, social_scheme_id, social_base, special_deduction)
       SELECT 910000000000000000 + g, '000000', 900000000000000000 + g, $1::bigint, 8000 + (g % 50) * 100, 2500, 1500, 500, $2::bigint, 8000, (g % 3) * 1000
         FROM generate_series(1, $3::int) g`,
      [level!.id, scheme!.id, people],
    );
    const seedMs = Math.round(performance.now() - t0);
    const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' });
    const tokenRes = await app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${q}`,
      headers: { authorization: `Basic ${webClientBasic(config)}`, 'tenant-id': '000000' },
    });
    const token = (tokenRes.json() as { access_token: string }).access_token;
    const headers = { 'blade-auth': `bearer ${token}` };

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('考勤数据');
    ws.addRow(['登录账号', '姓名', '出勤天数(天)', '加班(小时)', '出差补助(天)', '事假(天)', '病假(天)', '迟到(次)']);
    for (let g = 1; g <= people; g++)
      ws.addRow([`bench${String(g).padStart(5, '0')}`, `员工${g}`, 21, g % 13, g % 3, g % 7 === 0 ? 1 : 0, g % 11 === 0 ? 0.5 : 0, g % 4]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const month = '2031-02';
    const prior = '2031-01';
    const upload = (importMonth: string, dryRun: boolean) => {
      const { payload, headers: h } = multipart({}, [{ filename: '考勤.xlsx', content: file }]);
      return app.inject({
        method: 'POST',
        url: '/api/business/hjlAttendanceImport/importAttendance',
        query: { importMonth, ...(dryRun ? { dryRun: '1' } : {}) },
        payload,
        headers: { ...headers, ...h },
      });
    };
    const json = (r: { json(): unknown }) => r.json() as { code: number; msg: string; data: Record<string, unknown> };
    const must = (r: { code: number; msg: string; data: Record<string, unknown> }) => {
      if (r.code !== 200) throw new Error(`${r.code} ${r.msg}`);
      return r.data;
    };
    // January first, so February's tax is withheld over an earlier month of the year.
    must(json(await upload(prior, false)));
    must(json(await app.inject({ method: 'POST', url: '/api/business/hjlSalaryRecord/compute', payload: { importMonth: prior }, headers })));

    const steps: SalaryStep[] = [];
    steps.push(
      await measured(
        'import dry run',
        async () => must(json(await upload(month, true))),
        (d) => `${String(d.total)} rows, ${(d.errors as unknown[]).length} errors`,
      ),
    );
    steps.push(
      await measured(
        'import',
        async () => must(json(await upload(month, false))),
        (d) => `${String(d.imported)} imported`,
      ),
    );
    steps.push(
      await measured(
        'compute month',
        async () => must(json(await app.inject({ method: 'POST', url: '/api/business/hjlSalaryRecord/compute', payload: { importMonth: month }, headers }))),
        (d) => `${String(d.computed)} records`,
      ),
    );
    steps.push(
      await measured(
        'recompute month',
        async () => must(json(await app.inject({ method: 'POST', url: '/api/business/hjlSalaryRecord/compute', payload: { importMonth: month }, headers }))),
        (d) => `${String(d.computed)} records`,
      ),
    );
    steps.push(
      await measured(
        'submit month (one instance)',
        async () =>
          must(json(await app.inject({ method: 'POST', url: '/api/business/hjlSalaryRecord/submitBatchApproval', payload: { importMonth: month }, headers }))),
        (d) => `${String(d.recordCount)} records, ${String(d.totalMoney)}`,
      ),
    );
    for (const s of steps) log(`salary ${kind}: ${s.name} ${s.ms} ms, peak RSS ${s.peakRssMb} MB, heap ${s.peakHeapMb} MB (${s.answer})`);
    await app.close();
    return { kind, people, seedMs, fileKb: Math.round(file.length / 1024), steps };
  } finally {
    await database.close();
  }
}
