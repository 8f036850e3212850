/** startDemoApprovals: the demo records seeded as 审批中 get real processes, started as their creators would. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { demoApprovalsDue, startDemoApprovals } from './approvals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const waiting = async () =>
  Number(
    (
      await t.database.raw(
        `SELECT count(*)::int AS n FROM hjl_contract WHERE tenant_id = '000000' AND is_deleted = 0 AND status = 1 AND process_instance_id IS NULL`,
      )
    )[0]?.n,
  );

describe('startDemoApprovals', () => {
  it('starts every demo record under approval through the kit, once', async () => {
    expect(await waiting()).toBeGreaterThan(0);
    // The seeding start marked the work as due; it stays due until every record is started (a start stopped
    // half-way finishes on the next: main.ts asks on every start).
    expect(await demoApprovalsDue(t.database)).toBe(true);
    const started = await startDemoApprovals(t.app, t.database);
    expect(started).toBeGreaterThan(0);
    expect(await waiting()).toBe(0);
    expect(await demoApprovalsDue(t.database)).toBe(false);
    // Each started contract is 审批中 with a running instance whose business key is the contract's, and a task waits.
    const rows = await t.database.raw(
      `SELECT c.id::text AS id, c.status, p.business_key, p.end_time, (SELECT count(*)::int FROM blade_wf_task k WHERE k.proc_inst_id = p.id) AS tasks
         FROM hjl_contract c JOIN blade_wf_hi_procinst p ON p.id = c.process_instance_id
        WHERE c.tenant_id = '000000' AND c.is_deleted = 0 AND c.status = 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.business_key).toBe(`hjl_contract:${r.id}`);
      expect(r.end_time).toBeNull();
      expect(Number(r.tasks)).toBeGreaterThan(0);
    }
    expect(await startDemoApprovals(t.app, t.database)).toBe(0);
  });

  it('leaves no kind of demo record under approval without its process (every area accepts its own demo data)', async () => {
    const left: string[] = [];
    for (const { def } of t.app.approval.registered()) {
      const [r] = await t.database.raw(
        `SELECT count(*)::int AS n FROM ${def.table} WHERE tenant_id = '000000' AND is_deleted = 0 AND status = 1 AND process_instance_id IS NULL`,
      );
      if (Number(r?.n)) left.push(`${def.table}: ${r?.n}`);
    }
    expect(left).toEqual([]);
  });

  it('has moved the demo instances back to working times of the last weeks, whole', async () => {
    const rows = await t.database.raw(
      `SELECT to_char(k.create_time, 'YYYY-MM-DD HH24:MI:SS') AS task, to_char(p.start_time, 'YYYY-MM-DD HH24:MI:SS') AS started,
              k.create_time >= p.start_time AS after, k.create_time < localtimestamp - interval '1 hour' AS past
         FROM blade_wf_task k JOIN blade_wf_hi_procinst p ON p.id = k.proc_inst_id
        WHERE k.tenant_id = '000000' AND p.business_key LIKE 'hjl_contract:%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.past, String(r.task)).toBe(true);
      expect(r.after, String(r.task)).toBe(true);
      // Within the working hours 09:00-12:00, 13:00-18:00 of a weekday or a make-up day.
      expect(String(r.started).slice(11, 16) >= '09:00' && String(r.started).slice(11, 16) <= '18:00').toBe(true);
    }
    expect(new Set(rows.map((r) => String(r.started).slice(0, 10))).size).toBeGreaterThan(1);
    // The records' 提交时间 moved with their instances.
    const [late] = await t.database.raw(
      `SELECT count(*)::int AS n FROM hjl_contract c JOIN blade_wf_hi_procinst p ON p.id = c.process_instance_id
        WHERE c.tenant_id = '000000' AND c.submit_time > p.start_time + interval '1 minute'`,
    );
    expect(Number(late?.n)).toBe(0);
    // Their serial numbers (流水号, yyyyMMdd and a sequence) carry the day they started on, once per process.
    const serials = await t.database.raw(
      `SELECT proc_def_key AS key, serial_number AS serial, to_char(start_time, 'YYYYMMDD') AS day FROM blade_wf_hi_procinst WHERE tenant_id = '000000'`,
    );
    expect(serials.length).toBeGreaterThan(rows.length - 1);
    for (const r of serials) expect(String(r.serial).slice(0, 8), String(r.serial)).toBe(r.day);
    expect(new Set(serials.map((r) => `${String(r.key)} ${String(r.serial)}`)).size).toBe(serials.length);
  });
});
