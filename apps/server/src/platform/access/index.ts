/**
 * Access control as the platform sees it: permission codes per route, data scope per resource, API scope
 * before handlers. The rules live in the system module, which provides this interface; the platform only
 * asks. Anything the provider does not grant is refused (fail closed).
 */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../auth/user.ts';

/** Columns a data-scope rule may refer to. */
export interface ScopedColumns {
  createUser: AnyPgColumn;
  createDept: AnyPgColumn;
  /** Every column of the resource's table by its SQL name, for rules that name another column (`scope_column`). */
  byName?: Readonly<Record<string, AnyPgColumn>>;
}

export interface AccessProvider {
  /** Permission codes of the caller: menu codes and button codes granted to their roles (∩ tenant package). */
  permissions(user: AuthUser): Promise<ReadonlySet<string>>;
  /** Row condition of the caller's data scope on a resource (menu code); undefined means all rows. */
  dataScope(user: AuthUser, resource: string, columns: ScopedColumns): Promise<SQL | undefined>;
  /** Whether an API scope of the caller's roles lets this call through. */
  apiAllowed(user: AuthUser, method: string, url: string): Promise<boolean>;
}

/**
 * What a route requires: a permission code (or any of several), any logged-in user, or nothing. `platform`
 * marks a change of platform-wide data (menus, tenants, the system dictionary …): only the platform
 * administrator passes, even with the code.
 */
export type Requirement = (({ code: string } | { anyOf: string[] }) & { platform?: boolean }) | 'user' | 'public';
