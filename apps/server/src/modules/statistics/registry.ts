/**
 * The one statistics service of the workbench (GET /api/business-module/statistics/home/statistics). Each
 * statistic is a named query answering `ChartData`; modules register theirs here (the business modules do
 * as they arrive), the service runs those the caller may see, confined to the caller's tenant.
 */
import type { ChartData } from '@hjl/core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';

/** Where a statistic is shown: the workbench (工作台) and the data cockpit (大数据中心, /dataCockpit and /wel/dashboard). */
export type StatisticsBoard = 'workbench' | 'cockpit';

export interface Statistic {
  /** Stable key the web keys its chart by (`deptPersonCount`). */
  key: string;
  /** Permission code the caller must hold to see it; absent: every signed-in user of the tenant. */
  code?: string;
  /** Order on the workbench (lower first). */
  sort: number;
  /** The boards it is shown on; absent: both. The firm-wide overviews are the cockpit's only. */
  boards?: readonly StatisticsBoard[];
  /** Reads the statistic of the caller's tenant. */
  query(database: Database, user: AuthUser): Promise<ChartData>;
}

export interface StatisticAnswer extends ChartData {
  key: string;
}

export class StatisticsRegistry {
  private readonly entries = new Map<string, Statistic>();

  register(statistic: Statistic): void {
    if (this.entries.has(statistic.key)) throw new Error(`statistic ${statistic.key} registered twice`);
    this.entries.set(statistic.key, statistic);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The statistics a caller holding `codes` may see, on any board (what a saved report may show). */
  visible(codes: ReadonlySet<string>): Statistic[] {
    return [...this.entries.values()].filter((s) => !s.code || codes.has(s.code)).sort((a, b) => a.sort - b.sort);
  }

  /** One statistic for the caller, or undefined when there is none of that key or the caller lacks its code. */
  async runOne(database: Database, user: AuthUser, codes: ReadonlySet<string>, key: string): Promise<StatisticAnswer | undefined> {
    const s = this.entries.get(key);
    if (!s || (s.code && !codes.has(s.code))) return undefined;
    return { key, ...(await s.query(database, user)) };
  }

  /** The statistics of a board the caller may see (all, or those named in `only`), in the board's order. */
  async run(
    database: Database,
    user: AuthUser,
    codes: ReadonlySet<string>,
    { only, board = 'workbench' }: { only?: readonly string[]; board?: StatisticsBoard } = {},
  ): Promise<StatisticAnswer[]> {
    const chosen = [...this.entries.values()]
      .filter((s) => !s.code || codes.has(s.code))
      .filter((s) => (s.boards ?? ['workbench', 'cockpit']).includes(board))
      .filter((s) => !only || only.includes(s.key))
      .sort((a, b) => a.sort - b.sort);
    // One after the other: the queries may share one connection (PGlite).
    const answers: StatisticAnswer[] = [];
    for (const s of chosen) answers.push({ key: s.key, ...(await s.query(database, user)) });
    return answers;
  }
}
