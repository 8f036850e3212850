/**
 * The database: embedded PostgreSQL (PGlite) in the data directory by default, a real PostgreSQL server when
 * DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { pgClasses as makePgClasses, type CarryingQuery } from './pg-client.ts';
import { executeRows } from './rows.ts';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** A statement as the driver takes it: text with $1… placeholders and their values. */
export interface Statement {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();

/**
 * The text and values of a drizzle `sql` fragment, numbered from $1. The list path renders its conditions once
 * and writes the page's statements around them as text (crud/statements.ts): building and rendering whole
 * drizzle selects was a third of a list request's CPU (docs/performance.md).
 */
export function render(fragment: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
}

// Dates, timestamps and intervals (and their arrays) stay text, as drizzle's sessions read them: a row read
// through `Database.arrays` equals the same row read through the ORM.
const TEXT_TYPE_OIDS = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
const asText = (v: unknown) => v;
/**
 * node-postgres, loaded when a database server is opened (openDatabase): a server on the embedded database never
 * loads it (it and its type parsers were a fiftieth of a start).
 */
let pgDriver: typeof pg | undefined;
/** Its client and query classes (pg-client.ts), made when it is loaded. */
let pgClasses: PgClasses | undefined;
type PgClasses = ReturnType<typeof makePgClasses>;
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (TEXT_TYPE_OIDS.includes(oid) || !pgDriver ? asText : pgDriver.types.getTypeParser(oid, format)),
};
const pgliteParsers = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, asText]));

/**
 * A node-postgres query of a statement (pg-client.ts: one that can carry its transaction's BEGIN and COMMIT), read
 * with `pgTypes`, named (prepared) when `name` is given. Built from the text, which the driver takes as it is, with
 * the name and the types set on it after: given a config object the driver first copies it property descriptor by
 * descriptor, about 2 µs a statement (a few per cent of a workflow command's CPU, docs/performance.md). `_result` is
 * the driver's result of the query (pg 8, lib/query.js).
 */
function driverQuery(classes: PgClasses, statement: Statement, name: string | undefined): CarryingQuery {
  const query = new classes.Query(statement.sql, statement.params) as CarryingQuery & { name?: string; _result: { _types?: unknown } };
  query.name = name;
  query._result._types = pgTypes;
  return query;
}

/** The driver connection under a drizzle database or transaction: node-postgres (pool or client) or PGlite. */
type DriverClient =
  pg.Pool | pg.ClientBase | { query<T>(text: string, params?: unknown[], options?: { parsers?: typeof pgliteParsers }): Promise<{ rows: T[] }> };

/**
 * Runs a statement on the connection of a drizzle transaction (or database) straight through the driver, values
 * read as drizzle reads them: for statements run per command, where drizzle's per-call preparation cost more than
 * the driver. `name` makes it a named prepared statement on PostgreSQL (PGlite has none and runs it unnamed).
 */
export async function runOnConnection(
  tx: unknown,
  statement: Statement,
  name?: string,
  /**
   * The statement is the last of its transaction: on PostgreSQL the transaction's COMMIT goes with it, in the same
   * round trip, and the transaction's own commit is then answered without one (pg-client.ts). Only for a transaction
   * whose body sends nothing after it; PGlite commits as before.
   */
  opts?: { commit?: boolean },
): Promise<Record<string, unknown>[]> {
  const client = (tx as { session: { client: DriverClient } }).session.client;
  if (pgDriver && pgClasses && (client instanceof pgDriver.Pool || client instanceof pgDriver.Client)) {
    const query = driverQuery(pgClasses, statement, name);
    // Only a transaction's own COMMIT: not one of a savepoint (drizzle's nested transaction, `nestedIndex` above 0).
    if (opts?.commit && client instanceof pgDriver.Client && !(tx as { nestedIndex?: number }).nestedIndex) query.commit = true;
    // A pool or client given a query object calls back with its result (node-postgres' types know only the stream form).
    const submit = client as unknown as { query(q: pg.Query, done: (err: Error | undefined, res: pg.QueryResult) => void): void };
    return new Promise((resolve, reject) => submit.query(query, (err, res) => (err ? reject(err) : resolve(res.rows))));
  }
  return (
    await (client as Exclude<DriverClient, pg.Pool | pg.ClientBase>).query<Record<string, unknown>>(statement.sql, statement.params, { parsers: pgliteParsers })
  ).rows;
}

/**
 * Runs raw SQL on the connection of a drizzle transaction, values read as `Database.raw` reads them (the driver's own
 * types: e.g. a cursor's rows kept in the transaction's snapshot).
 */
export async function rawOnTransaction(tx: unknown, text: string, params?: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (tx as { session: { client: { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } } }).session.client;
  return (await client.query(text, params)).rows;
}

/**
 * How the database's connections are used, for the metrics (platform/metrics.ts): a PostgreSQL server's pool, or the
 * embedded database's one connection, which its callers take in turn (a query or a whole transaction at a time).
 */
export interface DatabaseUsage {
  /** Most connections held at once: the pool's size; 1 for the embedded database. */
  max: number;
  /** Connections open, busy (running a query or holding a transaction) and callers waiting for one. */
  snapshot(): { open: number; busy: number; waiting: number };
  /** Hears every statement's duration in seconds, as the driver ran it (set by the metrics). */
  onQuery: ((seconds: number) => void) | undefined;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  usage: DatabaseUsage;
  /** Runs raw SQL through the driver (no ORM): used by benchmarks and set-based seeding. */
  raw(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Rows as arrays of column values in select order, values read as drizzle reads them (see TEXT_TYPE_OIDS); the
   * caller maps them with the columns' `mapFromDriverValue` (crud/statements.ts).
   */
  arrays(statement: Statement): Promise<unknown[][]>;
  /** Rows of a drizzle `sql` query. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test snapshots). */
  dump?(): Promise<Blob>;
}

/** shared_buffers of the embedded database (PGLITE_SHARED_BUFFERS, default 16MB). */
const PGLITE_SHARED_BUFFERS = ((v) => (v && /^\d+(kB|MB|GB)$/.test(v) ? v : '16MB'))(process.env.PGLITE_SHARED_BUFFERS);

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data directory (test snapshots). */
  loadDataDir?: Blob;
  timeZone: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const [{ default: driver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    pgDriver = driver;
    pgClasses ??= makePgClasses(timedDriver(driver));
    const max = opts.poolSize ?? 10;
    const usage: DatabaseUsage = {
      max,
      snapshot: () => ({ open: pool.totalCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      onQuery: undefined,
    };
    const pool = new driver.Pool({
      // A transaction's BEGIN goes with its first statement, and its COMMIT can go with its last (pg-client.ts).
      Client: pgClasses.Client,
      connectionString: opts.databaseUrl,
      max,
      options: `-c TimeZone=${opts.timeZone}`,
      // Handed by the pool to each client it opens (timedDriver).
      usage,
    } as pg.PoolConfig);
    // An idle connection can fail (server restart, terminated backend, failover): the pool drops it and opens
    // another on next use. Without a listener the pool's 'error' event would crash the process.
    let closing = false;
    pool.on('error', (err) => {
      if (!closing) console.error(`database connection lost: ${err.message}`);
    });
    // pg parses int8 to string already; keep numeric as string too (money).
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      usage,
      raw: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      arrays: async ({ sql: text, params }) => (await pool.query({ text, values: params, rowMode: 'array', types: pgTypes })).rows as unknown[][],
      rows: <T>(q: SQL) => executeRows<T>(db, q),
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({
    // PostgreSQL's default shared_buffers (128MB) is allocated and touched inside the WebAssembly memory at
    // open: 130 MB of the server's resident memory. 16MB keeps a list's index and hot pages; the rest comes
    // from the operating system's file cache (docs/performance.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // pg_trgm: the trigram indexes of substring filters (db/trigram.ts, migration 0029). Loaded on every open, as a
    // database that has the extension needs its functions for any write to an indexed column.
    extensions: { pg_trgm },
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  await client.exec(`SET TIME ZONE '${opts.timeZone.replace(/'/g, '')}'`);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    usage: pgliteUsage(client),
    raw: async (text, params) => (await client.query<Record<string, unknown>>(text, params as unknown[])).rows,
    arrays: async ({ sql: text, params }) => (await client.query<unknown[]>(text, params, { rowMode: 'array', parsers: pgliteParsers })).rows,
    rows: <T>(q: SQL) => executeRows<T>(db, q),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
  };
}

/**
 * node-postgres with a client class that times each statement it sends (from its query call to its answer) for the
 * pool's `usage.onQuery`. The pool hands its options, `usage` among them, to every client it opens.
 */
function timedDriver(driver: typeof pg): typeof pg {
  type Done = (err: unknown, res?: unknown) => void;
  interface Queryable {
    query(config: unknown, values?: unknown, callback?: unknown): unknown;
  }
  const Base = driver.Client as unknown as new (config?: unknown) => Queryable;
  class TimedClient extends Base {
    private readonly usage: DatabaseUsage | undefined;
    constructor(config?: unknown) {
      super(config);
      this.usage = (config as { usage?: DatabaseUsage } | undefined)?.usage;
    }
    override query(config: unknown, values?: unknown, callback?: unknown): unknown {
      const hear = this.usage?.onQuery;
      if (!hear) return super.query(config, values, callback);
      const t0 = performance.now();
      const timed =
        (done: Done): Done =>
        (err, res) => {
          hear((performance.now() - t0) / 1000);
          done(err, res);
        };
      const q = config as { submit?: unknown; callback?: Done } | null;
      // The driver's forms: a query object with its callback, a callback as second or third argument, or a promise.
      if (q && typeof q.submit === 'function' && typeof q.callback === 'function') {
        q.callback = timed(q.callback);
        return super.query(config, values, callback);
      }
      if (typeof values === 'function') return super.query(config, timed(values as Done), callback);
      if (typeof callback === 'function') return super.query(config, values, timed(callback as Done));
      const answer = super.query(config, values, callback);
      if (answer instanceof Promise)
        answer.then(
          timed(() => {}),
          timed(() => {}),
        );
      return answer;
    }
  }
  return Object.create(driver, { Client: { value: TimedClient } }) as typeof pg;
}

/**
 * The embedded database's use: PGlite runs one statement at a time (`_runExclusiveQuery`, timed here) and gives its
 * one connection to a caller at a time, a statement or a whole transaction (`_runExclusiveTransaction`: busy while
 * held, the callers behind it waiting).
 */
function pgliteUsage(client: PGlite): DatabaseUsage {
  type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;
  const inner = client as unknown as { _runExclusiveQuery: Exclusive; _runExclusiveTransaction: Exclusive };
  if (typeof inner._runExclusiveQuery !== 'function' || typeof inner._runExclusiveTransaction !== 'function')
    throw new Error('PGlite no longer has _runExclusiveQuery / _runExclusiveTransaction: the database metrics need another seam');
  let busy = 0;
  let waiting = 0;
  const usage: DatabaseUsage = { max: 1, snapshot: () => ({ open: 1, busy, waiting }), onQuery: undefined };
  const runQuery = inner._runExclusiveQuery.bind(client);
  inner._runExclusiveQuery = (fn) =>
    runQuery(async () => {
      const hear = usage.onQuery;
      if (!hear) return fn();
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        hear((performance.now() - t0) / 1000);
      }
    });
  const runTransaction = inner._runExclusiveTransaction.bind(client);
  inner._runExclusiveTransaction = (fn) => {
    waiting++;
    return runTransaction(async () => {
      waiting--;
      busy++;
      try {
        return await fn();
      } finally {
        busy--;
      }
    });
  };
  return usage;
}

export { sql };
