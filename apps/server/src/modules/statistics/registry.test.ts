import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import { StatisticsRegistry, type Statistic } from './registry.ts';

const user = { tenantId: '100001', userId: '7' } as AuthUser;
const database = {} as Database;
const stat = (key: string, sort: number, code?: string): Statistic => ({
  key,
  sort,
  ...(code ? { code } : {}),
  query: async (_db, u) => ({ kind: 'bar', title: key, categories: [u.tenantId], series: [{ name: 'n', data: [sort] }] }),
});

describe('StatisticsRegistry', () => {
  it('runs the statistics in workbench order, each for the caller', async () => {
    const r = new StatisticsRegistry();
    r.register(stat('b', 20));
    r.register(stat('a', 10));
    const answers = await r.run(database, user, new Set());
    expect(answers.map((a) => a.key)).toEqual(['a', 'b']);
    expect(answers[0]).toEqual({ key: 'a', kind: 'bar', title: 'a', categories: ['100001'], series: [{ name: 'n', data: [10] }] });
  });

  it('leaves out statistics whose permission code the caller lacks; narrows to the keys asked', async () => {
    const r = new StatisticsRegistry();
    r.register(stat('money', 5, 'finance_stat'));
    r.register(stat('people', 10));
    expect((await r.run(database, user, new Set())).map((a) => a.key)).toEqual(['people']);
    expect((await r.run(database, user, new Set(['finance_stat']))).map((a) => a.key)).toEqual(['money', 'people']);
    expect((await r.run(database, user, new Set(['finance_stat']), { only: ['people'] })).map((a) => a.key)).toEqual(['people']);
  });

  it('answers a board its own statistics: the cockpit-only ones stay off the workbench', async () => {
    const r = new StatisticsRegistry();
    r.register(stat('people', 10));
    r.register({ ...stat('firm', 5), boards: ['cockpit'] });
    r.register({ ...stat('mine', 20), boards: ['workbench'] });
    expect((await r.run(database, user, new Set())).map((a) => a.key)).toEqual(['people', 'mine']);
    expect((await r.run(database, user, new Set(), { board: 'cockpit' })).map((a) => a.key)).toEqual(['firm', 'people']);
  });

  it('refuses a key registered twice', () => {
    const r = new StatisticsRegistry();
    r.register(stat('a', 1));
    expect(() => r.register(stat('a', 2))).toThrow('statistic a registered twice');
  });
});
