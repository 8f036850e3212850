import { PGlite } from '@electric-sql/pglite';
import { defineEntity } from '@hjl/core';
import { eq } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { checkRefs, RefRegistry, tableResolver, withRefNames, type RefResolver } from './refs.ts';

/** A resolver over fixed records of tenant 000000 that counts its queries. */
function fake(records: Record<string, { name: string; live: boolean }>) {
  const calls: string[][] = [];
  const resolver: RefResolver = {
    async names(tenantId, keys) {
      calls.push([...keys]);
      return new Map(keys.flatMap((k) => (tenantId === '000000' && records[k] ? [[k, records[k].name] as [string, string]] : [])));
    },
    async existing(tenantId, keys) {
      calls.push([...keys]);
      return new Set(keys.filter((k) => tenantId === '000000' && records[k]?.live));
    },
  };
  return { resolver, calls };
}

const def = defineEntity({
  name: 'demo',
  table: 'demo',
  api: '/api/demo',
  path: '/demo',
  label: { zh: '示例', en: 'Demo' },
  routes: [],
  fields: {
    ownerUser: { type: 'id', label: { zh: '负责人', en: 'Owner' }, ref: 'user', display: 'ownerName' },
    checkUser: { type: 'id', label: { zh: '审核人', en: 'Checker' }, ref: 'user', display: 'checkName' },
    regionCode: { type: 'string', label: { zh: '所在地区', en: 'Region' }, ref: 'region', display: 'regionName' },
    regionName: { type: 'string', label: { zh: '地区名称', en: 'Region name' }, form: false },
  },
});

function registry() {
  const users = fake({ '1': { name: '张三', live: true }, '2': { name: '李四', live: true }, '3': { name: '王五(已删除)', live: false } });
  const regions = fake({ '320105': { name: '江苏省/南京市/建邺区', live: true } });
  // Fakes answer without statements: the registry's database is never used.
  const refs = new RefRegistry({ raw: () => Promise.reject(new Error('no statement expected')) });
  refs.register('user', users.resolver);
  refs.register('region', regions.resolver);
  return { refs, users, regions };
}

const message = async (p: Promise<unknown>) => {
  try {
    await p;
    return undefined;
  } catch (e) {
    return e instanceof ApiError ? e.message : String(e);
  }
};

describe('withRefNames', () => {
  it('names every reference of a page with one query per kind', async () => {
    const { refs, users, regions } = registry();
    const rows: Record<string, unknown>[] = [
      { id: 'a', ownerUser: '1', checkUser: '2', regionCode: '320105', regionName: '江苏省/南京市/建邺区' },
      { id: 'b', ownerUser: '2', checkUser: null, regionCode: null, regionName: null },
      { id: 'c', ownerUser: '3', checkUser: '9', regionCode: null, regionName: null },
    ];
    const named = await withRefNames(refs, def, '000000', rows);
    expect(named.map((r) => [r.ownerName, r.checkName])).toEqual([
      ['张三', '李四'],
      ['李四', ''],
      ['王五(已删除)', ''],
    ]);
    expect(users.calls).toEqual([['1', '2', '3', '9']]);
    // A display that is a field of its own is stored on write, never resolved on read.
    expect(regions.calls).toEqual([]);
  });

  it('names nothing of another tenant', async () => {
    const { refs } = registry();
    const [row] = await withRefNames(refs, def, '111111', [{ ownerUser: '1' }]);
    expect(row).toMatchObject({ ownerName: '' });
  });
});

describe('checkRefs', () => {
  it('refuses a reference to a record that is not live in the tenant, with the field label', async () => {
    const { refs } = registry();
    expect(await message(checkRefs(refs, def, '000000', { ownerUser: '9' }))).toBe('负责人不存在');
    expect(await message(checkRefs(refs, def, '000000', { ownerUser: '3' }))).toBe('负责人不存在');
    expect(await message(checkRefs(refs, def, '111111', { ownerUser: '1' }))).toBe('负责人不存在');
    expect(await message(checkRefs(refs, def, '000000', { ownerUser: '1', checkUser: '9' }))).toBe('审核人不存在');
    expect(await message(checkRefs(refs, def, '000000', { regionCode: '999999' }))).toBe('所在地区不存在');
  });

  it('accepts live references and cleared ones, and stores the name of a stored display', async () => {
    const { refs, users } = registry();
    const data: Record<string, unknown> = { ownerUser: '1', checkUser: '2', regionCode: '320105' };
    await checkRefs(refs, def, '000000', data);
    expect(users.calls).toEqual([['1', '2']]);
    expect(data.regionName).toBe('江苏省/南京市/建邺区');
    const cleared: Record<string, unknown> = { ownerUser: null, regionCode: null };
    await checkRefs(refs, def, '000000', cleared);
    expect(cleared.regionName).toBeNull();
  });

  it('skips the field named (a parent checked by its own rule)', async () => {
    const { refs } = registry();
    expect(await message(checkRefs(refs, def, '000000', { ownerUser: '9' }, 'ownerUser'))).toBeUndefined();
  });
});

describe('RefRegistry', () => {
  it('refuses a kind registered twice and a definition naming an unknown kind', () => {
    const { refs } = registry();
    expect(() => refs.register('user', fake({}).resolver)).toThrow('registered twice');
    const other = defineEntity({
      ...def,
      name: 'other',
      fields: { projectId: { type: 'id', label: { zh: '项目', en: 'Project' }, ref: 'project', display: 'projectName' } },
    });
    expect(() => refs.assertKnown([def])).not.toThrow();
    expect(() => refs.assertKnown([other])).toThrow('no resolver for ref project');
  });

  it('a ref field names its display', () => {
    expect(() => defineEntity({ ...def, name: 'x', fields: { a: { type: 'id', label: { zh: 'A', en: 'A' }, ref: 'user' } } })).toThrow('display');
  });
});

describe('tableResolver on a database', () => {
  // Two kinds over tables of their own, in an in-memory database whose statements are logged.
  const people = pgTable('ref_person', { id: text('id'), tenantId: text('tenant_id'), name: text('name'), isDeleted: integer('is_deleted') });
  const teams = pgTable('ref_team', { id: text('id'), tenantId: text('tenant_id'), title: text('title'), isDeleted: integer('is_deleted') });
  const twoKinds = defineEntity({
    ...def,
    name: 'twoKinds',
    fields: {
      ownerUser: { type: 'id', label: { zh: '负责人', en: 'Owner' }, ref: 'person', display: 'ownerName' },
      checkUser: { type: 'id', label: { zh: '审核人', en: 'Checker' }, ref: 'person', display: 'checkName' },
      teamId: { type: 'id', label: { zh: '小组', en: 'Team' }, ref: 'team', display: 'teamName' },
    },
  });
  let client: PGlite;
  const statements: string[] = [];
  let refs: RefRegistry;

  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`CREATE TABLE ref_person (id text, tenant_id text, name text, is_deleted int);
      CREATE TABLE ref_team (id text, tenant_id text, title text, is_deleted int);
      INSERT INTO ref_person VALUES (1, '000000', '张三', 0), (2, '000000', '李四(已离职)', 1), (3, '111111', '别家的人', 0);
      INSERT INTO ref_team VALUES (10, '000000', '审计组', 0), (11, '111111', '别家的组', 0);`);
    const db = drizzle(client, { logger: { logQuery: (q) => statements.push(q) } }) as unknown as Db;
    // The names statement runs on the driver (RefRegistry.namesOf), the existence checks through drizzle: both logged.
    refs = new RefRegistry({
      raw: async (text, params) => {
        statements.push(text);
        return (await client.query<Record<string, unknown>>(text, params as unknown[])).rows;
      },
    });
    refs.register('person', tableResolver(db, { table: people, key: people.id, name: people.name, tenant: people.tenantId, live: eq(people.isDeleted, 0) }));
    refs.register('team', tableResolver(db, { table: teams, key: teams.id, name: teams.title, tenant: teams.tenantId, live: eq(teams.isDeleted, 0) }));
  });
  afterAll(() => client.close());

  it('names every kind of a page in one statement, deleted records included, other tenants not', async () => {
    statements.length = 0;
    const rows: Record<string, unknown>[] = [
      { id: 'a', ownerUser: '1', checkUser: '2', teamId: '10' },
      { id: 'b', ownerUser: '3', checkUser: null, teamId: '11' },
    ];
    const named = await withRefNames(refs, twoKinds, '000000', rows);
    expect(named.map((r) => [r.ownerName, r.checkName, r.teamName])).toEqual([
      ['张三', '李四(已离职)', '审计组'],
      ['', '', ''],
    ]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/union all/i);
  });

  it('a page naming one kind sends that kind alone; existence checks only live records', async () => {
    statements.length = 0;
    const [row] = await withRefNames(refs, twoKinds, '000000', [{ ownerUser: '1', teamId: null }]);
    expect(row).toMatchObject({ ownerName: '张三', teamName: '' });
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(/union/i);
    // The same shape again reuses the statement, with this call's keys and tenant.
    const [again] = await withRefNames(refs, twoKinds, '111111', [{ ownerUser: '3', teamId: null }]);
    expect(again).toMatchObject({ ownerName: '别家的人', teamName: '' });
    expect(statements[1]).toBe(statements[0]);
    expect(await message(checkRefs(refs, twoKinds, '000000', { checkUser: '2' }))).toBe('审核人不存在');
    expect(await message(checkRefs(refs, twoKinds, '000000', { teamId: '11' }))).toBe('小组不存在');
  });
});
