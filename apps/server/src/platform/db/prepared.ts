/**
 * Fixed-shape statements as named prepared statements (docs/performance.md; the workflow engine's commands and the
 * identity look-ups they make through user/api.ts, org/api.ts and system/api.ts): on PostgreSQL
 * (node-postgres) a statement with a name is parsed and planned once per connection and then executed with new
 * values (PostgreSQL moves to a generic plan after five executions when it is no dearer), instead of being parsed
 * and planned on every call. PGlite has no named statements: the same call runs the text unnamed there.
 *
 * The statement's name is derived from its text (a digest), so one name never stands for two texts on a
 * connection. The texts of statements built per call (the engine's write statements, whose shape depends on what
 * changed) are bounded in number: past `MAX_NAMED` distinct texts, further ones run unnamed.
 */
import crypto from 'node:crypto';
import { is, Placeholder, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../crud/repo.ts';
import { runOnConnection, type Statement } from './index.ts';

const MAX_NAMED = 2000;
const names = new Map<string, string>();

/** The statement's name: `ps_` and a digest of its text; undefined once too many texts were named. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name) return name;
  if (names.size >= MAX_NAMED) return undefined;
  name = `ps_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type Parts = { dialect: PgDialect };
// drizzle's database and transaction types keep their dialect private; both have one (the one that renders their SQL).
const parts = (tx: Executor) => tx as unknown as Parts;

/** The statement text and values of a drizzle `sql`, as the transaction's dialect builds it. */
export function toStatement(tx: Executor, query: SQL): Statement {
  const q = parts(tx).dialect.sqlToQuery(query);
  return { sql: q.sql, params: q.params };
}

/**
 * Runs the statement as a named prepared statement (PostgreSQL) or unnamed (PGlite); answers its rows. `commit`: it
 * is the last statement of the transaction `tx`, whose COMMIT may go with it (`runOnConnection`).
 */
export function runPrepared(tx: Executor, statement: Statement | SQL, opts?: { commit?: boolean }): Promise<Record<string, unknown>[]> {
  const st = 'sql' in statement && typeof statement.sql === 'string' ? (statement as Statement) : toStatement(tx, statement as SQL);
  return runOnConnection(tx, st, nameOf(st.sql), opts);
}

/**
 * A statement whose text is built once (on first use, by the dialect of the transaction that first runs it)
 * from a drizzle `sql` with placeholders `sql.placeholder(name)`; each call fills them in.
 */
export class FixedStatement {
  /** The text, and per parameter either the name of its placeholder or its fixed value. */
  private built: { sql: string; params: ({ placeholder: string } | { value: unknown })[] } | undefined;
  constructor(private readonly build: () => SQL) {}

  /** Rows of the statement with these placeholder values. */
  run(tx: Executor, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    if (!this.built) {
      const st = toStatement(tx, this.build());
      this.built = { sql: st.sql, params: st.params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { value: p })) };
    }
    const params = this.built.params.map((p) => ('placeholder' in p ? values[p.placeholder] : p.value));
    return runPrepared(tx, { sql: this.built.sql, params });
  }
}
