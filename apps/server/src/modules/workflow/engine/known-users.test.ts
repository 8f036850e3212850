/**
 * Users looked up ahead (docs/performance.md): a command's instance load also looks up the users its new tasks are likely
 * to name (the values of the variables the model's assignee expressions read, the starter, the operator), and
 * `Run.userId` then asks no statement for them. The answers must be the ones `findUser` gives, a name that is nobody's
 * kept as written (the Flowable list in docs/workflow.md: `kermit`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userIdNamedSql } from '../../user/api.ts';
import { harness, openTasks, type Harness, TestIdentity } from './test-support.ts';
import { knownUsersOf, namedUsersSql, type WfUser } from './identity.ts';
import type { Tx } from './state.ts';

const T = '000000';
const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const XML = `<definitions ${NS}><process id="known_users">
  <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="one"/>
  <userTask id="one" name="一" flowable:assignee="\${next}"/><sequenceFlow id="f2" sourceRef="one" targetRef="two"/>
  <userTask id="two" name="二" flowable:assignee="\${second}" flowable:candidateUsers="\${list}"/><sequenceFlow id="f3" sourceRef="two" targetRef="three"/>
  <userTask id="three" name="三" flowable:candidateUsers="\${names}"/><sequenceFlow id="f4" sourceRef="three" targetRef="e"/>
  <endEvent id="e"/></process></definitions>`;

/** Counts the look-ups that cost a statement of their own. */
class CountingIdentity extends TestIdentity {
  asked: string[] = [];
  override findUser(tx: Tx, tenantId: string, idOrAccount: string): Promise<WfUser | null> {
    this.asked.push(idOrAccount);
    return super.findUser(tx, tenantId, idOrAccount);
  }
}

let h: Harness;
let identity: CountingIdentity;
/** Users made here: one whose account is another's id text, one deleted, one of another tenant. */
let numeric: string;
let deleted: string;
let foreign: string;

beforeAll(async () => {
  identity = new CountingIdentity();
  h = await harness({ identity });
  await h.engine.deploy(T, XML);
  const add = async (id: string, tenant: string, account: string, isDeleted = 0) => {
    await h.t.database.raw(`INSERT INTO blade_user (id, tenant_id, account, password, real_name, is_deleted) VALUES ($1, $2, $3, 'x', 'x', $4)`, [
      id,
      tenant,
      account,
      isDeleted,
    ]);
    return id;
  };
  // An account that is the id text of another user (the id wins, as findUser answers).
  numeric = await add('880000000000000001', T, h.users.admin!);
  deleted = await add('880000000000000002', T, 'gone_user', 1);
  foreign = await add('880000000000000003', '111111', 'elsewhere');
  await add('880000000000000004', T, '880000000000000099');
});
afterAll(() => h?.close());

describe('users looked up ahead', () => {
  it('answers what findUser answers, for every kind of name', async () => {
    const names = [
      h.users.admin!,
      'admin',
      'ADMIN',
      numeric,
      deleted,
      'gone_user',
      foreign,
      'elsewhere',
      'kermit',
      '880000000000000099',
      '9223372036854775807',
      '9223372036854775808',
      '99999999999999999999',
      ' admin',
      '0',
    ];
    const [row] = await h.t.database.rows<{ users: unknown }>(
      sql`SELECT ${namedUsersSql((name) => userIdNamedSql(sql`${T}`, name), sql`SELECT json_array_elements_text(${JSON.stringify(names)}::json)`)} AS users`,
    );
    const known = knownUsersOf(row!.users);
    expect([...known.keys()].sort()).toEqual([...new Set(names)].sort());
    for (const name of names) {
      const found = await identity.findUser(h.t.database.db, T, name);
      expect(known.get(name), name).toBe(found?.id ?? null);
    }
    expect(known.get(h.users.admin!)).toBe(h.users.admin);
    expect(known.get('880000000000000099')).toBe('880000000000000004');
    expect(known.get('kermit')).toBeNull();
  });

  it('a completion looks up none of the users its new task names ahead; a name that is nobody stays as written', async () => {
    const { processInstanceId } = await h.engine.startProcess(
      T,
      { id: h.users.admin!, name: 'admin' },
      { processKey: 'known_users', variables: { next: h.users.admin, second: 'kermit', list: ['admin', 'nobody'], names: 'admin,kermit, fozzie' } },
    );
    const [one] = await openTasks(h.engine, processInstanceId);
    expect(one).toMatchObject({ key: 'one', assignee: h.users.admin });

    identity.asked = [];
    await h.engine.completeTask(T, one!.id, { id: h.users.admin! });
    const [two] = await openTasks(h.engine, processInstanceId);
    expect(two).toMatchObject({ key: 'two', assignee: 'kermit', users: [h.users.admin, 'nobody'] });
    expect(identity.asked).toEqual([]);
    await h.engine.completeTask(T, two!.id, null);
    const [three] = await openTasks(h.engine, processInstanceId);
    // `admin,kermit, fozzie`: a candidate list written as one text; its parts were not foreseen: those no other value named
    // are looked up when met.
    expect(three).toMatchObject({ key: 'three', assignee: null, users: [h.users.admin, 'kermit', 'fozzie'] });
    expect(identity.asked).toEqual(['fozzie']);
  });
});
