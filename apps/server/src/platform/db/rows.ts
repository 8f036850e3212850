import type { SQL } from 'drizzle-orm';

/**
 * The one row a statement always answers: an INSERT … RETURNING, an UPDATE of a row locked in the same
 * transaction, the names of the one record just read (`withNames(user, [row])`). Its absence is a bug of ours,
 * not the caller's doing, so it is an internal error (500). A row the caller may have named wrongly is never
 * read through this: the module answers its own Chinese 404 or 400 (`if (!row) throw notFound(…)`).
 */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`${what}: expected a row, the statement answered none`);
  return row;
}

/**
 * The rows of a raw statement run through drizzle's `execute` on a database or inside a transaction. Both
 * drivers answer `{ rows }`; the row shape `T` is the statement's own (its select list), which the types of
 * drizzle cannot see in SQL text.
 */
export async function executeRows<T = Record<string, unknown>>(executor: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as { rows: T[] };
  return result.rows;
}
