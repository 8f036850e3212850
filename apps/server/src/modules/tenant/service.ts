/**
 * Creating a tenant: a new 6-digit tenant id and, in one transaction, everything the company needs to log in
 * and work — its administrator, a root department, the roles 管理员 and 普通用户 with their menu grants, and
 * copies of the platform's default parameters and business dictionaries (API.md, CRUD conventions).
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PLATFORM_TENANT_ID, type AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ParamReader } from '../../platform/module.ts';
import { copyPlatformBizDicts } from '../dict/api.ts';
import { createRootDept } from '../org/api.ts';
import { copyPlatformParams, createTenantRoles, grantableMenus } from '../system/api.ts';
import { createTenantAdmin, hashPassword } from '../user/api.ts';
import { tenantPackages, tenants } from './schema.ts';

export const TENANT_ADMIN_ACCOUNT = 'admin';

/** A new tenant's fields (a type, not an interface: a validated submit body, a Row, is cast to it). */
export type TenantInput = {
  tenantName: string;
  linkman?: string | null;
  contactNumber?: string | null;
  address?: string | null;
  domainUrl?: string | null;
  backgroundUrl?: string | null;
  accountNumber?: number | null;
  expireTime?: string | null;
  packageId?: string | null;
  datasourceId?: string | null;
  licenseKey?: string | null;
};

/** The live package, or a 400 when the id names none. */
export async function requirePackage(db: Db, packageId: string) {
  const [p] = await db
    .select()
    .from(tenantPackages)
    .where(and(eq(tenantPackages.id, packageId), eq(tenantPackages.isDeleted, 0)))
    .limit(1);
  if (!p) throw fail('产品包不存在');
  return p;
}

/** A 6-digit tenant id never used before (deleted tenants keep theirs, so old rows never meet a new company). */
async function newTenantId(db: Db): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const candidate = String(crypto.randomInt(100000, 1000000));
    const [taken] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, candidate)).limit(1);
    if (!taken) return candidate;
  }
  throw new Error('no free tenant id');
}

/** A first password: 12 characters of letters (no look-alikes) and digits, with at least one lowercase letter and one digit (the password rule). */
export function generatePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const pick = (set: string) => set.charAt(crypto.randomInt(set.length));
  const chars = [pick('abcdefghjkmnpqrstuvwxyz'), pick(digits), ...Array.from({ length: 10 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    const [a, b] = [chars[i], chars[j]];
    if (a !== undefined && b !== undefined) [chars[i], chars[j]] = [b, a];
  }
  return chars.join('');
}

/** What creating a tenant answers: its ids and its administrator's first password (the only time it is shown). */
export interface CreatedTenant {
  id: string;
  tenantId: string;
  account: string;
  password: string;
}

export async function createTenant(db: Db, platformParams: ParamReader, creator: AuthUser, input: TenantInput): Promise<CreatedTenant> {
  const pkg = input.packageId ? await requirePackage(db, input.packageId) : undefined;
  const p = (key: string, fallback: string) => platformParams.get(PLATFORM_TENANT_ID, key, fallback);
  const accountNumber = input.accountNumber ?? (await platformParams.getInt(PLATFORM_TENANT_ID, 'tenant.default.accountNumber', -1));
  // The tenant administrator's first password is generated: shown once to the platform administrator who
  // creates the tenant, and to be changed at the first login (blade_user.must_change_password).
  const password = generatePassword();
  const userMenuCodes = new Set(
    (await p('tenant.default.menuCode', 'desk,notice'))
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );
  const passwordHash = await hashPassword(password);
  const menuRows = await grantableMenus(db, pkg ? pkg.menuId.split(',').filter(Boolean) : undefined);

  const id = nextId();
  const tenantId = await newTenantId(db);
  const deptId = nextId();
  const adminRoleId = nextId();
  const userRoleId = nextId();
  const adminId = nextId();
  // Rows of the new tenant are created by its own administrator (so "own data" scopes work for them).
  const audit = { tenantId, createUser: adminId, updateUser: adminId, createDept: deptId };
  const deptName = input.tenantName.slice(0, 45);

  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({
      id,
      tenantId,
      tenantName: input.tenantName,
      linkman: input.linkman,
      contactNumber: input.contactNumber,
      address: input.address,
      domainUrl: input.domainUrl,
      backgroundUrl: input.backgroundUrl,
      accountNumber,
      expireTime: input.expireTime,
      packageId: input.packageId,
      datasourceId: input.datasourceId,
      licenseKey: input.licenseKey,
      createUser: creator.userId,
      updateUser: creator.userId,
      createDept: creator.deptIds[0] ?? null,
    });
    await createRootDept(tx, audit, deptId, deptName);
    await createTenantRoles(tx, audit, { adminRoleId, userRoleId }, menuRows, userMenuCodes);
    await createTenantAdmin(tx, {
      id: adminId,
      ...audit,
      account: TENANT_ADMIN_ACCOUNT,
      password: passwordHash,
      name: '管理员',
      realName: '管理员',
      deptId,
      roleId: adminRoleId,
      phone: input.contactNumber ?? null,
      mustChangePassword: 1,
    });

    await copyPlatformParams(tx, audit);
    await copyPlatformBizDicts(tx, audit);
  });
  return { id, tenantId, account: TENANT_ADMIN_ACCOUNT, password };
}

/** Tenants bound to any of these packages (a package in use cannot be removed). */
export async function tenantsUsingPackages(db: Db, packageIds: string[]) {
  return db
    .select({ tenantName: tenants.tenantName })
    .from(tenants)
    .where(and(inArray(tenants.packageId, packageIds), eq(tenants.isDeleted, 0)))
    .limit(1);
}

/** Host of a domain as people write it: `https://oa.example.com:8080/login` → `oa.example.com:8080`. */
export function domainHost(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/.*$/, '');
}
