/**
 * The workflow's part of a tenant's demo data: category codes for the standard category tree, and processes
 * deployed as a BladeX system has them — a model design (模型设计 lists it, the designer opens it) whose main
 * version is deployed under its category. Business areas seed their demo processes with `seedProcess`, naming
 * the category by its code (CATEGORY_CODES).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { findUserByAccount } from '../user/api.ts';
import type { WorkflowEngine } from './engine/index.ts';
import { wfCategories, wfModelHistories, wfModels } from './schema.ts';

/**
 * Codes of the standard categories (名称 → 编码), by path: what seeds and imports name a category by. Areas file
 * their processes under these: leave under `leave`, expenses under `expense`, payments under `payment` …
 */
export const CATEGORY_CODES: Record<string, string> = {
  行政审批: 'office',
  '行政审批/请假': 'leave',
  '行政审批/用印': 'seal',
  '行政审批/出差': 'travel',
  财务审批: 'finance',
  '财务审批/费用报销': 'expense',
  '财务审批/付款申请': 'payment',
  '财务审批/借款': 'loan',
  项目审批: 'project',
  '项目审批/立项': 'project_setup',
  '项目审批/合同评审': 'contract_review',
  人事审批: 'hr',
  '人事审批/入职': 'onboard',
  '人事审批/转正': 'regular',
  '人事审批/离职': 'resign',
};

const c = wfCategories as typeof wfCategories & Record<'id' | 'tenantId' | 'isDeleted' | 'name' | 'parentId' | 'code', never>;

/** Gives the tenant's standard categories their codes where they have none (found by name under their parent). */
export async function ensureCategoryCodes(db: Db, tenantId: string) {
  const rows = (await db
    .select({ id: c.id, name: c.name, parentId: c.parentId, code: c.code })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.isDeleted, 0)))) as { id: string; name: string; parentId: string | null; code: string | null }[];
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const taken = new Set(rows.map((r) => r.code).filter(Boolean));
  for (const r of rows) {
    if (r.code) continue;
    const parent = r.parentId && r.parentId !== '0' ? byId.get(String(r.parentId)) : undefined;
    const code = CATEGORY_CODES[parent ? `${parent.name}/${r.name}` : r.name];
    if (!code || taken.has(code)) continue;
    taken.add(code);
    await db
      .update(c)
      .set({ code } as never)
      .where(and(eq(c.id, r.id), isNull(c.code)));
  }
}

/** The id of the tenant's category with this code, if any. */
export async function categoryIdOf(db: Db, tenantId: string, code: string): Promise<string | undefined> {
  const [r] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.isDeleted, 0), eq(c.code, code as never)))
    .limit(1);
  return r ? String(r.id) : undefined;
}

export interface SeedProcess {
  key: string;
  name: string;
  xml: string;
  /** The category's code (CATEGORY_CODES). */
  category: string;
  /** The model's form key (the start form), if any. */
  formKey?: string;
  description?: string;
  resourceName?: string;
  /** Category values its definitions may carry from before (moved to the category's id). */
  formerCategories?: string[];
}

/**
 * A demo process of a tenant: deployed under its category when no definition of the key exists yet, and kept as a
 * model design whose main version is the deployed one (created when the tenant has no model of the key). Definitions
 * filed under the category's code (an early seed wrote `office`) move to its id.
 */
export async function seedProcess(database: Database, engine: WorkflowEngine, tenantId: string, p: SeedProcess) {
  const db = database.db;
  const categoryId = await categoryIdOf(db, tenantId, p.category);
  let def = await engine.latestDefinition(tenantId, p.key);
  if (!def) {
    const { definitions } = await engine.deploy(tenantId, p.xml, {
      name: p.name,
      resourceName: p.resourceName ?? `${p.key}.bpmn20.xml`,
      ...(categoryId ? { category: categoryId } : {}),
    });
    def = await engine.latestDefinition(tenantId, p.key);
    if (!def || def.id !== definitions[0]?.id) return;
  } else if (categoryId) {
    await engine.moveCategory(tenantId, p.key, [p.category, ...(p.formerCategories ?? [])], categoryId);
  }
  const m = wfModels as typeof wfModels & Record<'tenantId' | 'isDeleted' | 'modelKey', never>;
  const [model] = await db
    .select({ id: sql`id` })
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.isDeleted, 0), eq(m.modelKey, p.key as never)))
    .limit(1);
  if (model) return;
  const deployment = await engine.definition(tenantId, { processDefinitionId: def.id });
  const xml = await engine.definitionXml(tenantId, def.id);
  const admin = await findUserByAccount(db, tenantId, 'admin');
  const audit = { tenantId, createUser: admin?.id ?? null, updateUser: admin?.id ?? null };
  const deployed = { deploymentId: String(deployment?.deploymentId ?? def.deploymentId), processDefinitionId: def.id, deployTime: sql`now()` };
  const modelId = nextId();
  await db.transaction(async (tx) => {
    await tx.insert(wfModels).values({
      id: modelId,
      ...audit,
      modelKey: p.key,
      name: p.name,
      categoryId: categoryId ?? null,
      formKey: p.formKey ?? null,
      description: p.description ?? null,
      xml,
      version: 1,
      deployedVersion: 1,
      ...deployed,
    } as never);
    await tx.insert(wfModelHistories).values({ id: nextId(), ...audit, modelId, modelKey: p.key, name: p.name, xml, version: 1, ...deployed } as never);
  });
}
