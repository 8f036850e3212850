/**
 * Database preparation on start: migrations, then on first start the demo company (tenant 000000, admin /
 * admin), and on every start the menus of screens added since (matched by code).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../platform/config.ts';
import { migrationsFolder, type Database, type Db } from '../platform/db/index.ts';
import { startState } from '../platform/db/schema.ts';
import { nextId } from '../platform/db/ids.ts';
import { readOrCreateSecret } from '../platform/secrets.ts';
import { firmClock, todayIn } from '../platform/time/index.ts';
import { clients, tenantPackages, tenants } from '../modules/tenant/schema.ts';
import { depts, posts } from '../modules/org/schema.ts';
import { dictBiz, dicts } from '../modules/dict/schema.ts';
import { menus, params, roleMenus, roles } from '../modules/system/schema.ts';
import { notices } from '../modules/desk/schema.ts';
import { ossConfigs, smsConfigs } from '../modules/resource/schema.ts';
import { datasources, putDatabases } from '../modules/develop/schema.ts';
import { users } from '../modules/user/schema.ts';
import { wfButtons, wfCategories, wfConditions, wfFormDefaults } from '../modules/workflow/schema.ts';
import { hashPassword } from '../modules/user/service.ts';
import { clientSecretMatches, hashClientSecret } from '../modules/tenant/api.ts';
import { markDemoApprovalsDue } from './approvals.ts';
import { seedCustomers } from './customers.ts';
import { seedProjects } from './projects.ts';
import { bookDemoLedger, seedFinance } from './finance.ts';
import { seedMoney } from './money.ts';
import { seedProjectStatement } from './project-statement.ts';
import { seedMoneyOps } from './money-ops.ts';
import { seedMoneyCompletion } from './money-completion.ts';
import { seedHr } from './hr.ts';
import { seedOffice } from './office.ts';
import { seedReports } from './reports.ts';
import { seedVault } from './vault.ts';
import { seedSalary } from './salary.ts';
import { seedBranches } from './branches.ts';
import { seedLookups } from './lookups.ts';
import { seedArchive } from './archive.ts';
import * as demo from './data.ts';
import { menuSeed, roleGrants, type MenuSeed } from './menus.ts';
import { seedOrg } from './org.ts';
import { seedScopes } from './scopes.ts';
import { LEAVE_PROCESS_KEY, WEB_CLIENT_ID, WF_STANDARD_BUTTONS } from '@hjl/core';
import { createWorkflowModule, ensureCategoryCodes, seedProcess } from '../modules/workflow/index.ts';
import { LEAVE_BPMN } from '../modules/workflow/models/leave.ts';
import { seedProcesses } from './processes.ts';
import { seedDeposits } from './deposits.ts';
import { seedWorkflowCalendar } from './wf-calendar.ts';

/** Secret of the web client: WEB_CLIENT_SECRET, or the one generated on first start into the data directory. */
function webClientSecret(config: Config): string {
  return process.env.WEB_CLIENT_SECRET || readOrCreateSecret(config.dataDir, 'web-client.secret', () => crypto.randomBytes(24).toString('hex'));
}

/** `Authorization: Basic` value of the web client, handed to the web app in index.html. */
export function webClientBasic(config: Config): string {
  return Buffer.from(`${WEB_CLIENT_ID}:${webClientSecret(config)}`).toString('base64');
}

/**
 * Migrates and seeds the database (the demo tenant on first start; on every start what an installation from before
 * lacks). `build`: the identity of the running server's code (main.ts: the compiled bundle's digest); when this build
 * has already prepared this database today with the same migrations and configuration, nothing is run — a restart
 * then costs no migration check and no seed's look-ups (about a third of a restart). The day is in the fingerprint
 * because some demo data follows the calendar; without a build (sources run through tsx) every start prepares.
 * Answers whether it prepared, and whether it created the demo tenant (and then marks its records under approval
 * as due to be started: seed/approvals.ts, main.ts).
 */
export async function prepareDatabase(database: Database, config: Config, build?: string): Promise<{ prepared: boolean; seeded: boolean }> {
  const fingerprint = build === undefined ? undefined : startFingerprint(build, config);
  if (fingerprint !== undefined && (await preparedFingerprint(database)) === fingerprint) return { prepared: false, seeded: false };
  await database.migrate();
  const db = database.db;
  const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blade_tenant`)) as [{ n: number }];
  // Marked before the tenant exists: a first start stopped anywhere after this still starts the demo processes.
  if (n === 0) await markDemoApprovalsDue(db);
  if (n === 0) await seedDemo(db, config);
  await syncMenus(db);
  await seedOrg(db);
  await seedScopes(db);
  // The demo data follows the firm's calendar (config.timeZone), whatever the server's zone.
  const clock = firmClock(config.timeZone);
  await seedCustomers(db, clock);
  await seedProjects(db, clock);
  await seedFinance(db, clock);
  await seedMoney(db, clock);
  await seedProjectStatement(db);
  await seedMoneyOps(db, clock);
  await seedMoneyCompletion(db, clock);
  await seedHr(db, clock);
  await seedOffice(db, clock);
  await seedVault(db, config);
  await seedSalary(db, clock);
  await seedReports(db);
  await seedDeposits(db, clock);
  await seedBranches(db, clock);
  // After every seed of a new demo: its process rows booked on the basic account (seed/finance.ts).
  if (n === 0) await bookDemoLedger(db);
  await seedLookups(db);
  await seedArchive(db, clock);
  await seedWorkflow(database, config);
  await seedWorkflowCalendar(db);
  await ensureWebClient(db, config);
  if (fingerprint !== undefined)
    await db
      .insert(startState)
      .values({ key: 'prepared', fingerprint })
      .onConflictDoUpdate({ target: startState.key, set: { fingerprint, updatedAt: new Date() } });
  return { prepared: true, seeded: n === 0 };
}

/** Whether `prepareDatabase` would run nothing: this build has prepared this database today with the same migrations and configuration. */
export async function isPrepared(database: Database, config: Config, build?: string): Promise<boolean> {
  return build !== undefined && (await preparedFingerprint(database)) === startFingerprint(build, config);
}

/**
 * The build, the migrations it would run, the configuration and today's date (in the firm's zone), digested. Of
 * the configuration only where and how it listens is left out (a restart on another port prepares nothing anew);
 * any other setting may matter to a seed.
 */
function startFingerprint(build: string, config: Config): string {
  const { port: _port, host: _host, logLevel: _logLevel, ...seeded } = config;
  const journal = fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  const today = todayIn(config.timeZone);
  return crypto
    .createHash('sha256')
    .update(build)
    .update('\0')
    .update(journal)
    .update('\0')
    .update(JSON.stringify(seeded))
    .update('\0')
    .update(today)
    .digest('hex');
}

/** The fingerprint of the start that last prepared the database; none before the table's migration ran. */
async function preparedFingerprint(database: Database): Promise<string | undefined> {
  try {
    const [row] = await database.raw(`SELECT fingerprint FROM hjl_start_state WHERE key = 'prepared'`);
    return row ? String(row.fingerprint) : undefined;
  } catch (e) {
    if ((e as { code?: unknown }).code === '42P01') return undefined; // undefined_table: not migrated that far yet
    throw e;
  }
}

/**
 * The demo tenant's processes: its categories' codes (modules/workflow/seed.ts), leave and the business processes
 * with their route keys (seed/processes.ts), and leave kept as a model design under 行政审批 / 请假 (模型设计 and
 * BladeX's model/list show it; on every start, so an installation from before gets what it lacks).
 */
async function seedWorkflow(database: Database, config: Config) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const [t] = await database.raw(`SELECT 1 FROM blade_tenant WHERE tenant_id = $1`, [tenantId]);
  if (!t) return;
  await ensureCategoryCodes(database.db, tenantId);
  await seedProcesses(database, config, tenantId);
  const { engine } = createWorkflowModule({ database, config });
  await seedProcess(database, engine, tenantId, {
    key: LEAVE_PROCESS_KEY,
    name: '请假流程',
    xml: LEAVE_BPMN,
    category: 'leave',
    formKey: 'wf_ex_leave',
    description: '员工请假: 审批人审批, 超过3天再由总经理审批',
    resourceName: 'leave.bpmn20.xml',
    // An earlier seed filed it under `office`, a code no category had.
    formerCategories: ['office'],
  });
}

/** Keeps the web client's stored hash in step with its secret (a new data directory against an old database). */
async function ensureWebClient(db: Db, config: Config) {
  const secret = webClientSecret(config);
  const [c] = await db.select().from(clients).where(eq(clients.clientId, WEB_CLIENT_ID)).limit(1);
  if (c && clientSecretMatches(secret, c.clientSecret)) return;
  const hash = hashClientSecret(secret);
  if (c) await db.update(clients).set({ clientSecret: hash }).where(eq(clients.id, c.id));
  else
    await db.insert(clients).values({
      id: nextId(),
      clientId: WEB_CLIENT_ID,
      clientSecret: hash,
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password,captcha,social',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
}

/** Adds the menus of `tree` (all of them by default) whose codes the database lacks. */
export async function syncMenus(db: Db, tree: MenuSeed[] = menuSeed) {
  const existing = new Map((await db.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0))).map((m) => [m.code, m.id]));
  const rows: (typeof menus.$inferInsert)[] = [];
  const walk = (items: MenuSeed[], parentId: string) => {
    for (const m of items) {
      let id = existing.get(m.code);
      if (!id) {
        id = nextId();
        rows.push({
          id,
          parentId,
          code: m.code,
          name: m.name,
          alias: m.alias ?? 'menu',
          path: m.path,
          source: m.source,
          sort: m.sort,
          category: 1,
          isOpen: m.isOpen ?? 1,
        });
      }
      for (const [i, b] of (m.buttons ?? []).entries()) {
        if (existing.has(b.code)) continue;
        rows.push({
          id: nextId(),
          parentId: id,
          code: b.code,
          name: b.name,
          alias: b.alias,
          path: m.path ? `${m.path}/${b.alias}` : undefined,
          sort: i + 1,
          category: 2,
          action: b.action,
        });
      }
      walk(m.children ?? [], id);
    }
  };
  walk(tree, '0');
  if (rows.length) await db.insert(menus).values(rows);
}

async function seedDemo(db: Db, config: Config) {
  await syncMenus(db);
  const tenantId = demo.DEMO_TENANT.tenantId;
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id: nextId(), ...demo.DEMO_TENANT, accountNumber: -1 });

    // Parents come before their children in demo.depts, so each row finds its parent's path placed.
    const deptIds = new Map<string, string>();
    const deptRows = new Map<string, typeof depts.$inferInsert>();
    for (const d of demo.depts) {
      const id = nextId();
      deptIds.set(d.key, id);
      const up = d.parent ? deptRows.get(d.parent)! : undefined;
      const ancestors = up ? `${up.ancestors},${up.id}` : '0';
      deptRows.set(d.key, {
        id,
        tenantId,
        parentId: up?.id ?? '0',
        ancestors,
        deptName: d.deptName,
        fullName: d.fullName,
        sort: d.sort,
        deptCategory: d.category,
      });
    }
    await tx.insert(depts).values([...deptRows.values()]);
    const postIds = new Map<string, string>();
    for (const p of demo.posts) {
      const id = nextId();
      postIds.set(p.postCode, id);
      await tx.insert(posts).values({ id, tenantId, ...p });
    }
    const roleIds = new Map<string, string>();
    for (const r of demo.roles) {
      const id = nextId();
      roleIds.set(r.key, id);
      await tx.insert(roles).values({ id, tenantId, roleName: r.roleName, roleAlias: r.roleAlias, sort: r.sort });
    }
    const menuIds = new Map((await tx.select({ id: menus.id, code: menus.code }).from(menus)).map((m) => [m.code, m.id]));
    for (const [role, codes] of Object.entries(roleGrants)) {
      await tx.insert(roleMenus).values(codes.map((c) => ({ id: nextId(), roleId: roleIds.get(role)!, menuId: menuIds.get(c)! })));
    }
    let adminId = '';
    for (const u of demo.users) {
      const id = nextId();
      if (u.account === 'admin') adminId = id;
      await tx.insert(users).values({
        id,
        tenantId,
        account: u.account,
        password: await hashPassword(u.password),
        name: u.name,
        realName: u.realName,
        phone: u.phone,
        email: u.email,
        sex: u.sex,
        birthday: u.birthday,
        deptId: deptIds.get(u.dept)!,
        postId: postIds.get(u.post)!,
        roleId: roleIds.get(u.role)!,
        createDept: deptIds.get(u.dept)!,
      });
    }
    const audit = { tenantId, createUser: adminId, updateUser: adminId, createDept: deptIds.get('gm')! };
    await tx.insert(params).values(demo.params.map((p) => ({ id: nextId(), ...audit, ...p })));
    await tx.insert(notices).values(demo.notices.map((n) => ({ id: nextId(), ...audit, ...n, createTime: `${n.releaseTime} 09:00:00` })));
    await tx.insert(ossConfigs).values(demo.ossConfigs.map((o) => ({ id: nextId(), ...audit, ...o })));
    await tx.insert(smsConfigs).values(demo.smsConfigs.map((o) => ({ id: nextId(), ...audit, ...o })));
    await tx.insert(datasources).values(demo.datasources.map((o) => ({ id: nextId(), ...audit, ...o })));
    await tx.insert(putDatabases).values(demo.putDatabases.map((o) => ({ id: nextId(), ...audit, ...o })));

    // Workflow design catalogues: categories (a tree), conditions, the standard buttons, form default values.
    for (const [i, [name, children]] of demo.wfCategories.entries()) {
      const id = nextId();
      await tx.insert(wfCategories).values({ id, ...audit, name, parentId: '0', sort: i + 1 });
      await tx.insert(wfCategories).values(children.map((c, j) => ({ id: nextId(), ...audit, name: c, parentId: id, sort: j + 1 })));
    }
    await tx
      .insert(wfConditions)
      .values(demo.wfConditions.map(([name, type, expression], i) => ({ id: nextId(), ...audit, name, type, expression, sort: i + 1 })));
    await tx.insert(wfButtons).values(WF_STANDARD_BUTTONS.map(([buttonKey, name], i) => ({ id: nextId(), ...audit, buttonKey, name, sort: i + 1 })));
    await tx.insert(wfFormDefaults).values(demo.wfFormDefaults.map(([name, content, fieldType]) => ({ id: nextId(), ...audit, name, content, fieldType })));

    const allMenus = await tx.select({ id: menus.id, parentId: menus.parentId, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0));
    await tx.insert(tenantPackages).values(
      demo.tenantPackages.map((p) => ({
        id: nextId(),
        packageName: p.packageName,
        remark: p.remark,
        menuId: packageMenuIds(allMenus, p.menuCodes).join(','),
        createUser: adminId,
        updateUser: adminId,
      })),
    );

    for (const [biz, source] of [
      [false, demo.systemDicts],
      [true, demo.bizDicts],
    ] as const) {
      for (const [code, d] of Object.entries(source)) {
        const rootId = nextId();
        const rows = [
          { id: rootId, parentId: '0', code, dictKey: '-1', dictValue: d.name, sort: 0 },
          ...d.items.map(([k, v], i) => ({ id: nextId(), parentId: rootId, code, dictKey: k, dictValue: v, sort: i + 1 })),
        ];
        if (biz) await tx.insert(dictBiz).values(rows.map((r) => ({ ...r, tenantId })));
        else await tx.insert(dicts).values(rows);
      }
    }
  });
  webClientSecret(config);
}

/** Ids of the named menus, everything below them and the menus above them (a package lists them all). */
function packageMenuIds(all: { id: string; parentId: string; code: string }[], codes: string[]): string[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const chosen = new Set(all.filter((m) => codes.includes(m.code)).map((m) => m.id));
  // `all` is not ordered parent-first, so repeat until no child is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const m of all) {
      if (chosen.has(m.id) || !chosen.has(m.parentId)) continue;
      chosen.add(m.id);
      grew = true;
    }
  }
  for (const id of [...chosen]) for (let p = byId.get(id)?.parentId; p && p !== '0'; p = byId.get(p)?.parentId) chosen.add(p);
  return [...chosen];
}
