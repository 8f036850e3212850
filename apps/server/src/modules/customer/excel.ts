/**
 * Customers from Excel (docs/excel.md): the import template and the import with its dry run. The export is
 * the generic one of the list (platform/crud/export.ts). Types, industries, sources and statuses travel as
 * their dictionary labels, the region as its name (江苏省/南京市 or 南京市), the owner as a real name or an
 * account (blank: the importing user).
 */
import { creditCodeError, customerEntity, PHONE_OR_LANDLINE, permissionCodes, submitSchema, type FieldDef } from '@hjl/core';
import { and, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { readUpload, readWorkbook, runImport, sendWorkbook, templateWorkbook, type DictOption, type ExcelColumn } from '../../platform/excel/index.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { regionsNamed, type RegionMatch } from '../org/api.ts';
import { usersByAccountOrName } from '../user/api.ts';
import { customers } from './schema.ts';

const f = customerEntity.fields;
const truthy = (v: unknown) => v === true || v === '1' || v === 'true';

/**
 * The region each text names: its last part (南京市 of 江苏省/南京市) picks the regions of that name; a name
 * borne by several is settled by the full name the text gives. Unresolved texts are absent.
 */
export function resolveRegions(texts: string[], candidates: RegionMatch[]): Map<string, RegionMatch> {
  const byName = new Map<string, RegionMatch[]>();
  for (const r of candidates) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  const resolved = new Map<string, RegionMatch>();
  for (const text of texts) {
    const parts = regionParts(text);
    const hits = byName.get(parts.at(-1) ?? text) ?? [];
    const path = parts.join('/');
    const hit = hits.length === 1 ? hits[0] : hits.find((r) => r.full === path || r.full.endsWith(`/${path}`));
    if (hit) resolved.set(text, hit);
  }
  return resolved;
}

/** 江苏省/南京市 or 江苏省 南京市 → its parts. */
const regionParts = (text: string) => text.split(/[/\s]+/).filter(Boolean);
const lastRegionPart = (text: string) => regionParts(text).at(-1) ?? text;

const codes = permissionCodes(customerEntity);
const tags = [customerEntity.label.zh];

type Columns = (user: AuthUser) => Promise<ExcelColumn[]>;

export function registerCustomerExcel(ctx: ModuleContext, dictionary: (user: AuthUser, field: FieldDef) => Promise<DictOption[]>) {
  const columns = customerColumns(dictionary);
  registerImportTemplate(ctx, columns);
  registerImport(ctx, columns);
}

/** The columns of the template and the import, the dictionary fields with the caller's labels. */
function customerColumns(dictionary: (user: AuthUser, field: FieldDef) => Promise<DictOption[]>): Columns {
  return async (user: AuthUser): Promise<ExcelColumn[]> => [
    { key: 'customerName', header: f.customerName.label.zh, required: f.customerName.required, max: f.customerName.max, width: 30 },
    { key: 'customerType', header: f.customerType.label.zh, required: f.customerType.required, dict: await dictionary(user, f.customerType) },
    { key: 'creditCode', header: f.creditCode.label.zh, check: creditCodeError, width: 22 },
    { key: 'contactPerson', header: f.contactPerson.label.zh, required: f.contactPerson.required, max: f.contactPerson.max },
    {
      key: 'contactPhone',
      header: f.contactPhone.label.zh,
      required: f.contactPhone.required,
      check: (v) => (PHONE_OR_LANDLINE.regex.test(v) ? undefined : PHONE_OR_LANDLINE.message),
      width: 16,
    },
    { key: 'region', header: f.regionCode.label.zh, max: 100, width: 18 },
    { key: 'address', header: f.address.label.zh, max: f.address.max, width: 30 },
    { key: 'industry', header: f.industry.label.zh, dict: await dictionary(user, f.industry) },
    { key: 'source', header: f.source.label.zh, dict: await dictionary(user, f.source) },
    { key: 'owner', header: f.ownerUser.label.zh, max: 45 },
    { key: 'customerStatus', header: f.customerStatus.label.zh, dict: await dictionary(user, f.customerStatus) },
    { key: 'remark', header: f.remark.label.zh, max: f.remark.max, width: 30 },
  ];
}

function registerImportTemplate(ctx: ModuleContext, columns: Columns) {
  ctx.route({
    method: 'GET',
    url: `${customerEntity.api}/import-template`,
    summary: '客户导入模板',
    tags,
    requires: { code: codes.import },
    raw: true,
    handler: async ({ user, reply }) => sendWorkbook(reply, '客户导入模板.xlsx', await templateWorkbook('客户数据', await columns(user))),
  });
}

/** The import: each row checked against the stored customers, the file itself and the form's rules. */
function registerImport(ctx: ModuleContext, columns: Columns) {
  const db = ctx.database.db;
  const schema = submitSchema(customerEntity);

  ctx.route({
    method: 'POST',
    url: `${customerEntity.api}/import`,
    summary: '导入客户(multipart file; dryRun 只校验)',
    tags,
    requires: { code: codes.import },
    query: z.looseObject({ dryRun: z.string().optional() }),
    handler: async ({ user, req }) => {
      const upload = await readUpload(req);
      const dryRun = truthy({ ...upload.fields, ...(req.query as Record<string, string>) }.dryRun);
      const sheet = await readWorkbook(upload.buffer, await columns(user));
      const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? null : String(v));

      // What the rows name, looked up once: existing names and codes, owners, regions.
      const names = sheet.rows.map((r) => text(r.values.customerName)).filter((v): v is string => !!v);
      const creditCodes = sheet.rows.map((r) => text(r.values.creditCode)).filter((v): v is string => !!v);
      const live = and(eq(customers.tenantId, user.tenantId), eq(customers.isDeleted, 0));
      const taken =
        names.length || creditCodes.length
          ? await db
              .select({ name: customers.customerName, code: customers.creditCode })
              .from(customers)
              .where(
                and(
                  live,
                  or(
                    names.length ? inArray(customers.customerName, names) : undefined,
                    creditCodes.length ? inArray(customers.creditCode, creditCodes) : undefined,
                  ),
                ),
              )
          : [];
      const takenNames = new Set(taken.map((t) => t.name));
      const takenCodes = new Set(taken.map((t) => t.code).filter(Boolean));
      const ownerKeys = [...new Set(sheet.rows.map((r) => text(r.values.owner)).filter((v): v is string => !!v))];
      const people = await usersByAccountOrName(db, user.tenantId, ownerKeys);
      const regionKeys = [...new Set(sheet.rows.map((r) => text(r.values.region)).filter((v): v is string => !!v))];
      // Only the regions bearing a name the file gives, each text resolved once.
      const regionsOf = resolveRegions(regionKeys, await regionsNamed(db, [...new Set(regionKeys.map(lastRegionPart))]));
      const sheetErrors = new Set(sheet.errors.map((e) => `${e.row}:${e.column}`));
      const seenNames = new Set<string>();
      const seenCodes = new Set<string>();

      return runImport<Row>(sheet, {
        dryRun,
        async check(row, error) {
          const v = row.values;
          const name = text(v.customerName);
          if (name) {
            if (takenNames.has(name)) error(f.customerName.label.zh, f.customerName.unique);
            else if (seenNames.has(name)) error(f.customerName.label.zh, `文件中客户名称 [${name}] 重复`);
            seenNames.add(name);
          }
          const code = text(v.creditCode);
          if (code) {
            if (takenCodes.has(code)) error(f.creditCode.label.zh, f.creditCode.unique);
            else if (seenCodes.has(code)) error(f.creditCode.label.zh, `文件中统一社会信用代码 [${code}] 重复`);
            seenCodes.add(code);
          }
          let ownerUser = user.userId;
          const owner = text(v.owner);
          if (owner) {
            const hits = people.filter((p) => p.account === owner || p.realName === owner);
            const byAccount = hits.find((p) => p.account === owner);
            if (byAccount) ownerUser = byAccount.id;
            else if (hits.length === 1 && hits[0]) ownerUser = hits[0].id;
            else error(f.ownerUser.label.zh, hits.length ? `负责人 [${owner}] 重名,请填写登录账号` : `负责人不存在: ${owner}`);
          }
          let regionCode: string | null = null;
          let regionFull: string | null = null;
          const region = text(v.region);
          if (region) {
            const hit = regionsOf.get(region);
            if (hit) {
              regionCode = hit.code;
              regionFull = hit.full;
            } else error(f.regionCode.label.zh, `所在地区不存在: ${region}`);
          }
          const body = {
            customerName: name,
            customerType: v.customerType,
            creditCode: code,
            contactPerson: text(v.contactPerson),
            contactPhone: text(v.contactPhone),
            regionCode,
            address: text(v.address),
            industry: v.industry,
            source: v.source,
            ownerUser,
            customerStatus: v.customerStatus ?? f.customerStatus.default,
            remark: text(v.remark),
          };
          // The definition's own rules, so an imported customer passes what the form demands.
          const parsed = schema.safeParse(body);
          if (!parsed.success) {
            for (const issue of parsed.error.issues) {
              const field = f[String(issue.path[0]) as keyof typeof f] as FieldDef | undefined;
              const column = field?.label.zh ?? String(issue.path[0]);
              if (!sheetErrors.has(`${row.row}:${column}`)) error(column, issue.message);
            }
            return undefined;
          }
          return { ...(parsed.data as Row), regionName: regionFull };
        },
        async save(items) {
          await db.transaction(async (tx) => {
            await tx.insert(customers).values(
              items.map((item) => ({
                ...item,
                id: nextId(),
                tenantId: user.tenantId,
                createUser: user.userId,
                createDept: user.deptIds[0] ?? null,
                updateUser: user.userId,
              })) as never,
            );
          });
        },
      });
    },
  });
}
