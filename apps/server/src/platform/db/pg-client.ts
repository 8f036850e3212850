/**
 * node-postgres, one round trip fewer per transaction, or two (docs/performance.md): a transaction's BEGIN travels with
 * its first statement, and its COMMIT with its last statement when the caller says which that is (`commit` of
 * `runOnConnection`; the workflow engine's write). A round trip costs the server and PostgreSQL 25–30 µs of CPU each
 * (docs/performance.md); a workflow completion was four of them (begin, the locking load, the write, commit), now two.
 *
 * How, on the wire: the extended protocol runs the messages before a Sync in order, and answers them all after it.
 * BEGIN is sent as Parse, Bind and Execute of its own ahead of the statement's, COMMIT behind it, one Sync for all:
 * one round trip. An error anywhere makes PostgreSQL skip the rest up to the Sync, so a statement never runs outside
 * its transaction (its BEGIN failed) and a COMMIT never follows a failed statement (the transaction is left failed,
 * and the caller's ROLLBACK ends it as before). A statement without parameters, which node-postgres sends as a plain
 * query (it may hold several statements: migrations), gets `BEGIN;` in front of its text instead.
 *
 * What the caller sees is unchanged: drizzle's `begin` is answered at once and sent with the next statement (an
 * empty transaction sends nothing), its `commit` after a commit that travelled is answered at once, and a statement
 * sent after such a commit is refused (it would run outside the transaction). PGlite is untouched: this is the
 * wire protocol's saving, and it has no wire.
 *
 * The query class relies on node-postgres' Query internals (`prepare`, `_getRows`, `handleCommandComplete`: pg 8,
 * lib/query.js); `pg-client.test.ts` checks the behaviour on PostgreSQL, so a driver that changed them fails there.
 */
import type pg from 'pg';

/** What a plain BEGIN, COMMIT or ROLLBACK answers (drizzle reads nothing of it). */
const answered = (command: string) => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

type Callback = (err: Error | undefined, res?: unknown) => void;

/** The parts of node-postgres' Connection and Query used here (pg 8, lib/connection.js and lib/query.js). */
interface Wire {
  parse(m: { text: string; name?: string }): void;
  bind(m: Record<string, unknown>): void;
  execute(m: { portal?: string; rows?: number }): void;
  sync(): void;
  query(text: string): void;
}
interface QueryInternals {
  text: string;
  name?: string;
  portal: string;
  rows?: number;
  callback?: Callback;
  requiresPreparation(): boolean;
  hasBeenParsed(connection: Wire): boolean;
  prepare(connection: Wire): void;
  submit(connection: Wire): Error | null;
  _getRows(connection: Wire, rows?: number): void;
  handleCommandComplete(msg: unknown, connection: Wire): void;
}
type QueryClass = new (config: unknown, values?: unknown, callback?: unknown) => QueryInternals;
/** The parts of node-postgres' Client used here (pg 8, lib/client.js). */
interface ClientInternals {
  query(config: unknown, values?: unknown, callback?: unknown): unknown;
  _getActiveQuery(): unknown;
  _handleParseComplete(): void;
}
type ClientClass = new (config?: unknown) => ClientInternals;

/** A query that may carry its transaction's BEGIN ahead of it and its COMMIT behind it. */
export interface CarryingQuery extends pg.Query {
  /** The transaction's BEGIN goes first (set by the client when one is due). */
  begin: boolean;
  /** The transaction's COMMIT goes after: this is its last statement. */
  commit: boolean;
}

/** The client and query classes over a loaded driver (node-postgres is loaded only when a server is opened). */
export function pgClasses(driver: typeof pg) {
  const BaseQuery = driver.Query as unknown as QueryClass;
  class Query extends BaseQuery {
    begin = false;
    commit = false;
    /** CommandComplete messages seen: BEGIN's (first) and COMMIT's (after the statement's) are not the caller's. */
    private completes = 0;
    /** BEGIN's ParseComplete is still to come (the client must not take it for the statement's: `Client`). */
    beginParsePending = false;

    override requiresPreparation() {
      return this.commit || super.requiresPreparation();
    }

    override submit(connection: Wire) {
      // A plain query: BEGIN as the first of its statements (the plain protocol runs them as one string).
      if (this.begin && !this.requiresPreparation()) {
        connection.query(`BEGIN;${this.text}`);
        return null;
      }
      return super.submit(connection);
    }

    override prepare(connection: Wire) {
      if (this.begin) {
        this.beginParsePending = true;
        connection.parse({ text: 'BEGIN' });
        connection.bind({});
        connection.execute({});
      }
      super.prepare(connection);
    }

    // Called by prepare after the statement's Execute: COMMIT behind it, then the one Sync.
    override _getRows(connection: Wire, rows?: number) {
      if (!this.commit || rows) return super._getRows(connection, rows);
      connection.execute({ portal: this.portal });
      connection.parse({ text: 'COMMIT' });
      connection.bind({});
      connection.execute({});
      connection.sync();
    }

    override handleCommandComplete(msg: unknown, connection: Wire) {
      const n = this.completes++;
      if (this.begin && n === 0) return;
      if (this.commit && n === (this.begin ? 2 : 1)) return;
      super.handleCommandComplete(msg, connection);
    }
  }

  const BaseClient = driver.Client as unknown as ClientClass;
  class Client extends BaseClient {
    /** drizzle's `begin`, answered but not sent: it goes with the next statement. */
    private beginDue = false;
    /** The transaction's COMMIT went with its last statement: drizzle's `commit` is answered here. */
    private committed = false;

    // node-postgres notes a named statement as parsed on the first ParseComplete of its query: the BEGIN's comes first.
    // (Were it noted then and its own Parse refused, the connection would never parse it again.)
    override _handleParseComplete() {
      const active = this._getActiveQuery();
      if (active instanceof Query && active.beginParsePending) {
        active.beginParsePending = false;
        return;
      }
      super._handleParseComplete();
    }

    override query(config: unknown, values?: unknown, callback?: unknown): unknown {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      // drizzle sends begin, commit and rollback as `{ text }` with no values, and awaits the promise.
      const control =
        typeof text === 'string' &&
        typeof (config as { submit?: unknown }).submit !== 'function' &&
        typeof values !== 'function' &&
        callback === undefined &&
        !(Array.isArray(values) && values.length)
          ? text.trim().toLowerCase()
          : '';
      if (control === 'begin') {
        this.beginDue = true;
        this.committed = false;
        return Promise.resolve(answered('BEGIN'));
      }
      if (control === 'commit' || control === 'rollback') {
        // Nothing was sent (an empty transaction), or the COMMIT went with the last statement.
        if (this.beginDue || this.committed) {
          this.beginDue = false;
          this.committed = false;
          return Promise.resolve(answered(control.toUpperCase()));
        }
        return super.query(config, values, callback);
      }
      // The caller's callback, if it gave one (as an argument or on its query object), else it awaits a promise.
      const given = [values, callback, (config as { callback?: unknown } | null)?.callback].find((f): f is Callback => typeof f === 'function');
      if (this.committed) {
        const err = new Error('statement after its transaction was committed with its last statement');
        if (!given) return Promise.reject(err);
        process.nextTick(() => given(err));
        return undefined;
      }
      const carrying = config instanceof Query;
      if (!this.beginDue && !(carrying && config.commit)) return super.query(config, values, callback);

      const query = carrying ? config : new Query(config, Array.isArray(values) ? values : undefined);
      query.begin = this.beginDue;
      this.beginDue = false;
      // Answered as the driver answers: through the callback given, else through a promise.
      const settled = new Promise<unknown>((resolve, reject) => {
        query.callback = (err, res) => {
          if (!err && query.commit) this.committed = true;
          if (given) given(err, res);
          else if (err) reject(err);
          else resolve(res);
        };
      });
      super.query(query);
      return given ? query : settled;
    }
  }

  return { Client: Client as unknown as typeof pg.Client, Query: Query as unknown as new (text: string, values?: unknown[]) => CarryingQuery };
}
