/** Assembles the server: platform, access rules and every module's routes. */
import type { FastifyInstance } from 'fastify';
import { configureZod, type EntityDef } from '@hjl/core';
import { TokenService, loadSigningKey } from './platform/auth/tokens.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/index.ts';
import { createRouter } from './platform/http/route.ts';
import { JobRunner, registerEmbeddedAnalyze, registerJobCleanup } from './platform/jobs/index.ts';
import { createHttpServer } from './platform/http/server.ts';
import type { ModuleContext } from './platform/module.ts';
import { serveWeb } from './platform/web.ts';
import { registerAuth } from './modules/auth/index.ts';
import { registerDesk } from './modules/desk/index.ts';
import { registerDict } from './modules/dict/index.ts';
import { registerOrg } from './modules/org/index.ts';
import { EntityRepo } from './platform/crud/repo.ts';
import { RefRegistry } from './platform/crud/refs.ts';
import { registerAccessExplain, registerSystem, registerViewAs, SystemAccess, SystemParams } from './modules/system/index.ts';
import { registerTenant } from './modules/tenant/index.ts';
import { registerUser } from './modules/user/index.ts';
import { registerResource } from './modules/resource/index.ts';
import { registerLog } from './modules/log/index.ts';
import { registerDevelop } from './modules/develop/index.ts';
import { flowDictionary, registerWorkflow, registerWorkflowStatistics } from './modules/workflow/index.ts';
import { registerApproval } from './modules/approval/index.ts';
import { registerLeave } from './modules/leave/index.ts';
import { registerNotification } from './modules/notification/index.ts';
import { registerStatistics } from './modules/statistics/index.ts';
import { registerReport } from './modules/report/index.ts';
import { generatedModules } from './modules/generated/index.ts';
import type { GeneratedModule } from './modules/generated/api.ts';
import { StatisticsRegistry } from './modules/statistics/api.ts';
import { registerWorkbench } from './modules/workbench/index.ts';
import { enterpriseProvider, registerCustomer } from './modules/customer/index.ts';
import { registerProject } from './modules/project/index.ts';
import { registerFinance } from './modules/finance/index.ts';
import { registerMoney } from './modules/money/index.ts';
import { registerHr, registerHrReminders } from './modules/hr/index.ts';
import { registerSalary } from './modules/salary/index.ts';
import { registerBranch } from './modules/branch/index.ts';
import { registerVault } from './modules/vault/index.ts';
import { registerDeposit } from './modules/deposit/index.ts';
import { lookupProvider, registerLookup } from './modules/lookup/index.ts';
import { registerArchive } from './modules/archive/index.ts';
import { webClientBasic } from './seed/index.ts';

/**
 * `generated`: the record kinds 代码生成 emitted (modules/generated, listed by scripts/link-generated.mjs); a test
 * passes the ones it generated.
 */
export async function createApp(
  config: Config,
  database: Database,
  { generated = generatedModules }: { generated?: readonly GeneratedModule[] } = {},
): Promise<FastifyInstance> {
  configureZod();
  const tokens = new TokenService(loadSigningKey(config.jwtSecret, config.dataDir), database, config.tokenRecheckMs);
  const { app, logs, metrics, readiness } = await createHttpServer(config, database, tokens);
  app.decorate('readiness', readiness);
  const systemAccess = new SystemAccess(database);
  const route = createRouter(app, systemAccess);
  const systemParams = new SystemParams(database.db);
  const pageLimit = (tenantId: string) => systemParams.getInt(tenantId, 'page.maxSize', config.maxPageSize);
  const refs = new RefRegistry(database);
  /** Every definition given a repository: their references are checked against the registered kinds once all modules are in. */
  const defs = new Set<EntityDef>();
  /** The first repository of each record kind, by its definition's name: the access explainer reads records through them. */
  const repos = new Map<string, EntityRepo>();
  // Jobs any instance may take; this one polls for them once every module has registered its kinds.
  const jobs = new JobRunner(database, { timeZone: config.timeZone, log: app.log, ...(metrics ? { observer: metrics } : {}) });
  registerJobCleanup(jobs, database);
  registerEmbeddedAnalyze(jobs, database);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await jobs.ensurePeriodic();
    if (config.jobPollMs > 0) {
      const stop = jobs.start(config.jobPollMs);
      app.addHook('onClose', stop);
    }
  });
  const ctx: ModuleContext = {
    app,
    config,
    database,
    tokens,
    access: systemAccess,
    route,
    logs,
    params: systemParams,
    refs,
    jobs,
    ...(metrics ? { metrics } : {}),
    repo: (def, table, parent) => {
      defs.add(def);
      const repo = new EntityRepo(def, table, database, systemAccess, pageLimit, parent, refs, config.exactTotal);
      if (!repos.has(def.name)) repos.set(def.name, repo as EntityRepo);
      return repo;
    },
  };

  // The workbench's one statistics service: business modules get `statistics` and register theirs on it.
  const statistics = new StatisticsRegistry();
  registerAuth({ ...ctx, systemAccess });
  registerSystem({ ...ctx, systemAccess, systemParams });
  const dicts = registerDict(ctx);
  registerTenant({ ...ctx, systemAccess });
  const users = registerUser(ctx, { statistics });
  registerDesk({ ...ctx, dicts });
  registerOrg({ ...ctx, systemAccess });
  const files = registerResource(ctx);
  registerLog(ctx);
  registerDevelop({ ...ctx, files });
  const workflow = registerWorkflow(ctx);
  // BladeX clients map process categories through the `flow` dictionary: the tenant's categories answer it.
  dicts.system.provide('flow', (tenantId) => flowDictionary(database.db, tenantId));
  // Business records that go through approval (the approval kit), and the first of them, leave.
  const approval = registerApproval({ ...ctx, workflow, dicts });
  registerLeave({ ...ctx, approval, workflow });
  registerStatistics({ ...ctx, statistics });
  registerWorkflowStatistics(database, systemAccess, statistics, workflow.waits);
  // Saved reports (报表列表) over the statistics registry.
  registerReport({ ...ctx, statistics });
  registerWorkbench({ ...ctx, systemAccess });
  registerNotification({ ...ctx, workflowItems: (tenantId, userId) => workflow.engine.notificationItems(tenantId, userId) });
  // Enterprise information from our own customers, or the registry service configured (ENTERPRISE_PROVIDER).
  registerCustomer({ ...ctx, dicts, statistics, enterprise: (own) => enterpriseProvider(config.enterprise, own) });
  // Contracts and the project register (WP2): later areas (project money, archives, KPI) receive `project`.
  const projects = registerProject({ ...ctx, approval, dicts, statistics });
  // Finance: accounts, the ledger (postLedgerEntry for every approved money event) and the applications.
  registerFinance({ ...ctx, approval, dicts, users, statistics });
  // Project money (WP3): collections with their persons' shares, invoices and their voiding, on projects and the ledger.
  registerMoney({ ...ctx, approval, dicts, projects, statistics });
  // People (WP6 without salary): staff files, certificates, labour contracts, social security, outside persons, assets.
  registerHr({ ...ctx, approval, dicts, statistics });
  // Certificates, labour contracts and probations ending: reminders for the holder and HR (a daily job).
  registerHrReminders({ ...ctx, addExpireNotices: (notices) => projects.addExpireNotices(notices) });
  // The secrets vault (BUSINESS.md §1 hjlPassword): sealed entries, use requests on the kit, audited reveals.
  registerVault({ ...ctx, approval, dicts });
  // Salary and attendance (WP6 salary): levels, standards, attendance import, the month's payroll on the kit's batch,
  // payslips, statistics and the month's payment into the ledger.
  registerSalary({ ...ctx, approval });
  // Guarantee money (WP5): deposits paid, refunded, replaced, received and returned; the outstanding report, due reminders.
  registerDeposit({ ...ctx, approval, dicts, projects });
  // Branches (WP5): the branch register and its records, dividends and withdrawals into the ledger, the statement.
  registerBranch({ ...ctx, approval, dicts });
  // The lookup databases (WP8a) under /prod-api: the tenant's own tables, or the service LOOKUP_PROVIDER names.
  registerLookup({ ...ctx, dicts, lookups: lookupProvider(config.lookup) });
  // Archives, borrowing, document templates and the library, KPI and project performance (WP7), on projects.
  registerArchive({ ...ctx, approval, dicts, projects });

  // Record kinds emitted by the code generator, each with its own routes (docs/codegen.md).
  for (const m of generated) m.register(ctx);

  refs.assertKnown(defs);
  // Why can this user see that (权限解释) and 以此身份查看, over every record kind registered above.
  registerAccessExplain({ ...ctx, systemAccess, dicts, repos });
  registerViewAs(ctx);

  await serveWeb(app, config.webDir, { clientBasic: webClientBasic(config), switchMode: config.switchMode });
  return app;
}
