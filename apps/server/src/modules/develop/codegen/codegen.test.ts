/**
 * 数据模型 and 代码生成 over the API (BUSINESS.md WP8b): a fixture table read through the product's own data
 * source, its columns saved as the model's prototype, a generation setting copied, and `gen-code`'s zip — whose
 * definition, module and page type-check in this codebase and whose module, served, lists and saves the table's
 * rows within the tenant. A data source outside the data-source rules stays unreachable; bad input writes nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app.ts';
import { countRows } from '../../../testing/db.ts';
import { ok, refused, users } from '../../../testing/http.ts';
import { syncMenus } from '../../../seed/index.ts';
import type { ModuleMenus } from '../../../platform/menus.ts';
import type { GeneratedModule } from '../../generated/api.ts';

const root = path.resolve(import.meta.dirname, '../../../../../..');
const MODEL = '/api/blade-develop/model';
const CODE = '/api/blade-develop/code';
/** A table of its own per run, so its generated files cannot meet another run's. */
const suffix =
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5) || 'abcde';
const TABLE = `hjl_cg_equipment_${suffix}`;
const IDENT = `equipment${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;

let t: TestApp;
let served: TestApp | undefined;
const { get, post, login, loginAs } = users(() => t);
const written: string[] = [];

/** The entries of a zip as unzip reads them: end record → central directory → each deflated entry. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const out = new Map<string, string>();
  let p = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const csize = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const at = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.set(name, zlib.inflateRawSync(zip.subarray(at, at + csize)).toString('utf8'));
    p += 46 + nameLen + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return out;
}

/**
 * Type-checks `files` with a tsconfig extending `base`; `paths` maps the generated definitions. The tsconfig sits
 * in the checkout's root for the run (its types are found from there) and is removed after.
 */
function typecheck(base: string, files: string[], paths: Record<string, string[]>) {
  const config = path.join(root, `.tsconfig.codegen-${suffix}-${path.basename(path.dirname(base))}.json`);
  written.push(config);
  fs.writeFileSync(config, JSON.stringify({ extends: base, compilerOptions: { noEmit: true, paths }, include: files, files: [] }));
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', config], { encoding: 'utf8', cwd: root });
  return `${r.stdout}${r.stderr}`.trim();
}

/** The fixture table, as a BladeX table carries it: the base columns, a few business columns with comments. */
async function createFixture(app: TestApp) {
  await app.database.raw(`CREATE TABLE ${TABLE} (
      id bigint PRIMARY KEY, tenant_id varchar(12) NOT NULL DEFAULT '000000', create_user bigint, create_dept bigint,
      create_time timestamp(0) NOT NULL DEFAULT now(), update_user bigint, update_time timestamp(0) NOT NULL DEFAULT now(),
      status integer NOT NULL DEFAULT 0, is_deleted integer NOT NULL DEFAULT 0,
      equipment_name varchar(100) NOT NULL, purchase_date date, price numeric(18,2), quantity integer, remark text)`);
  await app.database.raw(`COMMENT ON COLUMN ${TABLE}.equipment_name IS '设备名称'`);
  await app.database.raw(`COMMENT ON COLUMN ${TABLE}.price IS '单价'`);
  await app.database.raw(
    `INSERT INTO ${TABLE} (id, tenant_id, equipment_name, purchase_date, price, quantity) VALUES
      (1001, '000000', '全站仪', '2025-03-01', '58000.00', 2), (1002, '000000', '水准仪', '2025-05-10', '6800.00', 4),
      (1003, '100001', '另一租户的设备', '2025-01-01', '1.00', 1)`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await createFixture(t);
  await t.database.raw(`CREATE TABLE hjl_cg_bare_${suffix} (id bigint PRIMARY KEY, name varchar(50))`);
  await login('admin', 'zhangwei');
  await loginAs('b', 'admin', '100001').catch(() => undefined);
});
afterAll(async () => {
  for (const f of written) fs.rmSync(f, { recursive: true, force: true });
  await served?.close();
  await t.close();
});

describe('数据模型 and 代码生成', () => {
  let modelId = '';
  let codeId = '';

  it('reads the tables and columns of the product database', async () => {
    const tables = ok(await get('admin', `${MODEL}/table-list`)).body.data as { name: string }[];
    expect(tables.map((x) => x.name)).toContain(TABLE);
    const cols = ok(await get('admin', `${MODEL}/table-info`, { tableName: TABLE })).body.data as {
      name: string;
      dataType: string;
      maxLength: number | null;
      comment: string;
    }[];
    expect(cols.find((c) => c.name === 'equipment_name')).toMatchObject({ dataType: 'character varying', maxLength: 100, comment: '设备名称' });
    refused(await get('admin', `${MODEL}/table-info`, { tableName: 'hjl_no_such_table' }), '数据表不存在: hjl_no_such_table');
  });

  it('keeps a data source outside the data-source rules unreachable', async () => {
    const ds = ok(await get('admin', '/api/blade-develop/datasource/list', { size: '10' })).body.data.records[0];
    const r = await get('admin', `${MODEL}/table-list`, { datasourceId: ds.id });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^不允许连接 /);
  });

  it('saves a model and its columns; bad input writes nothing', async () => {
    const before = await countRows(t.database, 'blade_model');
    refused(
      await post('admin', `${MODEL}/submit`, { modelName: '设备', modelCode: 'equipment', modelTable: 'Bad-Name' }),
      '表名只能包含小写字母、数字和下划线',
    );
    refused(
      await post('admin', `${MODEL}/submit`, { modelName: '设备', modelCode: 'equipment', modelTable: 'hjl_no_such_table' }),
      '数据表不存在: hjl_no_such_table',
    );
    expect(await countRows(t.database, 'blade_model')).toBe(before);
    ok(await post('admin', `${MODEL}/submit`, { modelName: '设备台账', modelCode: 'equipment', modelTable: TABLE }));
    modelId = ok(await get('admin', `${MODEL}/list`, { modelTable: TABLE })).body.data.records[0].id;

    const derived = ok(await get('admin', `${MODEL}/model-prototype`, { modelId })).body.data as {
      jdbcName: string;
      propertyType: string;
      isRequired: number;
    }[];
    expect(derived.map((p) => p.jdbcName)).toEqual(['equipment_name', 'purchase_date', 'price', 'quantity', 'remark']);
    expect(derived.map((p) => p.propertyType)).toEqual(['string', 'date', 'money', 'int', 'text']);
    expect(derived[0]).toMatchObject({ isRequired: 1 });

    refused(
      await post('admin', '/api/blade-develop/model-prototype/submit-list', [{ ...derived[0], jdbcName: 'nope', modelId }]),
      `数据表${TABLE}没有列: nope`,
    );
    const edited = derived.map((p) => ({ ...p, modelId, isQuery: p.jdbcName === 'equipment_name' ? 1 : 0, isList: p.jdbcName === 'remark' ? 0 : 1 }));
    ok(await post('admin', '/api/blade-develop/model-prototype/submit-list', edited));
    const saved = ok(await get('admin', '/api/blade-develop/model-prototype/select', { modelId })).body.data;
    expect(saved.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(derived.map((p) => p.jdbcName));
  });

  it('saves, copies and refuses generation settings', async () => {
    ok(await post('admin', `${CODE}/submit`, { modelId, codeName: '设备台账', tablePrefix: 'hjl_cg_', author: '研发部' }));
    codeId = ok(await get('admin', `${CODE}/list`, { codeName: '设备台账' })).body.data.records[0].id;
    expect(ok(await get('admin', `${CODE}/detail`, { id: codeId })).body.data).toMatchObject({ tableName: TABLE });
    const before = await countRows(t.database, 'blade_code', 'is_deleted = 0');
    ok(await post('admin', `${CODE}/copy`, undefined, { id: codeId }));
    expect(await countRows(t.database, 'blade_code', 'is_deleted = 0')).toBe(before + 1);

    ok(await post('admin', `${MODEL}/submit`, { modelName: '无基础字段', modelCode: 'bare', modelTable: `hjl_cg_bare_${suffix}` }));
    const bare = ok(await get('admin', `${MODEL}/list`, { modelTable: `hjl_cg_bare_${suffix}` })).body.data.records[0].id;
    ok(await post('admin', `${CODE}/submit`, { modelId: bare, codeName: '无基础字段' }));
    const bareCode = ok(await get('admin', `${CODE}/list`, { codeName: '无基础字段' })).body.data.records[0].id;
    const r = await post('admin', `${CODE}/gen-code`, undefined, { ids: bareCode });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('缺少基础字段: tenant_id');
    expect((await post('zhangwei', `${CODE}/gen-code`, undefined, { ids: codeId })).status).toBe(403);
  });

  it('generates files in this codebase shape that type-check and serve the table as a list', { timeout: 240_000 }, async () => {
    const r = await post('admin', `${CODE}/gen-code`, undefined, { ids: codeId });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe('application/zip');
    const files = unzip(r.res.rawPayload);
    const core = `packages/core/src/generated/${IDENT}.ts`;
    const server = `apps/server/src/modules/generated/${IDENT}/index.ts`;
    const serverMenus = `apps/server/src/modules/generated/${IDENT}/menus.ts`;
    const web = `apps/web/src/features/${IDENT}/pages.ts`;
    expect([...files.keys()].sort()).toEqual([server, serverMenus, web, core].sort());
    expect(files.get(core)).toContain(`table: '${TABLE}'`);
    expect(files.get(core)).toContain(
      `equipmentName: { type: 'string', max: 100, label: { zh: '设备名称', en: 'EquipmentName' }, required: '请输入设备名称', list: true, search: true }`,
    );

    // The definition and the server module where a checkout keeps them; the page in its folder under another
    // name, so that the web's page registry (which finds every features/*/pages.ts) never meets it mid-run.
    const webCheck = web.replace(/pages\.ts$/, 'pages.codegen-check.ts');
    for (const [f, text] of [
      [core, files.get(core)],
      [server, files.get(server)],
      [serverMenus, files.get(serverMenus)],
      [webCheck, files.get(web)],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.writeFileSync(path.join(root, f), text ?? '');
    }
    written.push(path.join(root, core), path.dirname(path.join(root, server)), path.dirname(path.join(root, webCheck)));
    const generated = { [`@hjl/core/generated/${IDENT}`]: [path.join(root, core)] };
    // With the HTTP server, whose plugins declare what the routes use of a request (multipart, route docs).
    const withPlugins = [path.join(root, server), path.join(root, serverMenus), path.join(root, 'apps/server/src/platform/http/server.ts')];
    expect(typecheck(path.join(root, 'apps/server/tsconfig.json'), withPlugins, generated)).toBe('');
    expect(typecheck(path.join(root, 'apps/web/tsconfig.json'), [path.join(root, webCheck)], generated)).toBe('');

    // Served: its list answers the tenant's rows, and a row saved through it is listed.
    const { module } = (await import(pathToFileURL(path.join(root, server)).href)) as { module: GeneratedModule };
    served = await createTestApp({}, undefined, { generated: [module] });
    await createFixture(served);
    // What a start does for a module dropped in: its menu added (the administrator holds every menu).
    const { menus } = (await import(pathToFileURL(path.join(root, serverMenus)).href)) as { menus: ModuleMenus };
    expect(menus.top?.[0]).toMatchObject({ name: '设备台账', path: `/generated/${IDENT}` });
    await syncMenus(served.database.db, menus.top ?? []);
    const token = (await served.login()).access_token ?? '';
    const api = `/api/business/${IDENT}`;
    const list = await served.call(token, { method: 'GET', url: `${api}/list`, query: { size: '10' } });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((x: { equipmentName: string }) => x.equipmentName).sort()).toEqual(['全站仪', '水准仪']);
    const saved = await served.call(token, { method: 'POST', url: `${api}/submit`, payload: { equipmentName: '经纬仪', price: '3200.00', quantity: 1 } });
    expect(saved.status).toBe(200);
    const refusedSave = await served.call(token, { method: 'POST', url: `${api}/submit`, payload: { price: '1.00' } });
    expect(refusedSave.body.msg).toBe('请输入设备名称');
    const after = await served.call(token, { method: 'GET', url: `${api}/list`, query: { equipmentName: '经纬' } });
    expect(after.body.data.records).toHaveLength(1);
  });
});
