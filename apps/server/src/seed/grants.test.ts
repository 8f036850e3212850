/** grantDemoMenus: an area's demo grants are given once — an administrator's revocation survives the next start. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmClock } from '../platform/time/index.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { grantDemoMenus } from './grants.ts';
import { seedHr } from './hr.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Which demo roles hold the menu `code`. */
const holders = async (code: string) =>
  (
    await t.database.raw(
      `SELECT r.role_alias AS alias FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id JOIN blade_role r ON r.id = rm.role_id
       WHERE m.code = $1 AND r.tenant_id = '000000' ORDER BY r.role_alias`,
      [code],
    )
  ).map((r) => String(r.alias));

describe('grantDemoMenus', () => {
  const isSalary = (_role: string, code: string) => code === 'wages_mgmt';

  it('gives nothing again once an area is granted: a revocation stands', async () => {
    const before = await holders('wages_mgmt');
    expect(before.length).toBeGreaterThan(1);
    // The administrator takes 薪资管理 from one role; a restart runs the seed again.
    await t.database.raw(
      `DELETE FROM blade_role_menu WHERE menu_id = (SELECT id FROM blade_menu WHERE code = 'wages_mgmt')
         AND role_id = (SELECT id FROM blade_role WHERE tenant_id = '000000' AND role_alias = $1)`,
      [before[before.length - 1]],
    );
    await grantDemoMenus(t.database.db, '000000', isSalary);
    expect(await holders('wages_mgmt')).toEqual(before.slice(0, -1));
  });

  it('grants an area no demo role holds yet (an installation from before the area)', async () => {
    const before = await holders('wages_mgmt');
    await t.database.raw(`DELETE FROM blade_role_menu WHERE menu_id = (SELECT id FROM blade_menu WHERE code = 'wages_mgmt')`);
    expect(await holders('wages_mgmt')).toEqual([]);
    await grantDemoMenus(t.database.db, '000000', isSalary);
    const after = await holders('wages_mgmt');
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after.length).toBeGreaterThan(before.length);
  });
});

describe("the HR area's data-scope grants (seedHr)", () => {
  /** Which demo roles hold the data scope `scopeName` of the menu `code`. */
  const scopeHolders = async (code: string, scopeName: string) =>
    (
      await t.database.raw(
        `SELECT r.role_alias AS alias FROM blade_role_scope rs JOIN blade_scope_data s ON s.id = rs.scope_id JOIN blade_role r ON r.id = rs.role_id
         WHERE s.resource_code = $1 AND s.scope_name = $2 AND r.tenant_id = '000000' ORDER BY r.role_alias`,
        [code, scopeName],
      )
    ).map((r) => String(r.alias));

  it('are given once: a scope an administrator took from a role stays taken after the next start', async () => {
    const before = await scopeHolders('staff_file', '本人档案');
    expect(before.length).toBeGreaterThan(1);
    await t.database.raw(
      `DELETE FROM blade_role_scope WHERE scope_id = (SELECT id FROM blade_scope_data WHERE resource_code = 'staff_file' AND scope_name = '本人档案')
         AND role_id = (SELECT id FROM blade_role WHERE tenant_id = '000000' AND role_alias = $1)`,
      [before[0]],
    );
    await seedHr(t.database.db, firmClock(t.config.timeZone));
    expect(await scopeHolders('staff_file', '本人档案')).toEqual(before.slice(1));
  });
});
