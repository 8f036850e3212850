/**
 * Contracts (/api/business/hjlContract): the approvable definition on the approval kit (`editContract`), numbered
 * by the numbering service in the save's transaction, with the calls of the specs: get/contractNum (preview),
 * get/{id} (the contract with its supplementary agreements and linked projects), replenish (a supplementary
 * agreement) and reset/link/{id} (unlink its projects).
 */
import {
  APPROVAL_STATUS,
  CONTRACT_MSG,
  CONTRACT_SERVER_FIELDS,
  CONTRACT_TYPE_CODES,
  NUMBER_KINDS,
  contractEntity,
  submitSchema,
  type FieldDef,
} from '@hjl/core';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { firstRow } from '../../platform/db/rows.ts';
import type { UnlinkGuard } from './api.ts';
import { checkDates, stripServerFields, type Shared } from './context.ts';
import { refreshContractMembers, refreshEffectiveAmount, refreshLinkStatus } from './members.ts';
import { contracts, projects } from './schema.ts';

const tags = [contractEntity.label.zh];
const API = contractEntity.api;

/** The letters of a business type in numbers. */
export const typeCode = (codes: Record<string, string>, type: unknown) => codes[String(type)] ?? String(type ?? '');

/** The fields of a supplementary agreement (replenish): its own amount, type, dates and files; the rest is the main's. */
const replenishFields: Record<string, FieldDef> = {
  contractName: { ...contractEntity.fields.contractName, required: undefined },
  replenishType: { ...contractEntity.fields.replenishType, required: '请选择补充类型' },
  contractAmount: contractEntity.fields.contractAmount,
  signDate: contractEntity.fields.signDate,
  startDate: contractEntity.fields.startDate,
  endDate: contractEntity.fields.endDate,
  handlerUser: contractEntity.fields.handlerUser,
  files: contractEntity.fields.files,
  remark: contractEntity.fields.remark,
};
const replenishBody = submitSchema(
  { ...contractEntity, fields: replenishFields },
  { parentId: idField({ message: '主合同格式不正确' }).optional() },
).superRefine((v, ctx) => {
  if (!(v as Row).parentId) ctx.addIssue({ code: 'custom', message: '请选择主合同' });
});

export interface ContractParts {
  repo: EntityRepo<typeof contractEntity>;
  guards: UnlinkGuard[];
}

/** Checks a contract's values (create, change, start): amount above 0, end not before start, a known type. */
async function checkContract(s: Shared, user: AuthUser, data: Row, current: Row | undefined) {
  if (data.contractAmount !== undefined && data.contractAmount !== null && Number(data.contractAmount) <= 0) throw fail(CONTRACT_MSG.amountPositive);
  checkDates(data, current, 'startDate', 'endDate', CONTRACT_MSG.endBeforeStart);
  if (
    data.businessType !== undefined &&
    data.businessType !== null &&
    !(await s.dictKeys(user.tenantId, 'contract_business_type')).has(String(data.businessType))
  )
    throw fail(CONTRACT_MSG.typeUnknown);
}

const codes = () => CONTRACT_TYPE_CODES;

export function registerContracts(s: Shared, relatedInstances: (tenantId: string, id: string) => Promise<string[]>): ContractParts {
  const guards: UnlinkGuard[] = [];
  const repo = registerContractEntity(s, relatedInstances);
  const parts = { repo, guards };
  registerContractLookups(s, parts);
  registerReplenish(s, parts);
  registerUnlink(s, parts);
  return parts;
}

/** The approvable contract on the approval kit: its checks, its number and the members it keeps in step. */
function registerContractEntity(s: Shared, relatedInstances: (tenantId: string, id: string) => Promise<string[]>): EntityRepo<typeof contractEntity> {
  const { ctx, numbering } = s;
  const db = ctx.database.db;

  /** A new contract takes its number; every write keeps members and the effective amount in step. */
  const inTransaction = async (tx: Executor, user: AuthUser, change: { op: 'insert' | 'update'; id: string; values: Row }) => {
    if (change.op === 'insert') {
      const [row] = await tx.select({ type: contracts.businessType, parentId: contracts.parentId }).from(contracts).where(eq(contracts.id, change.id));
      if (row && !row.parentId) {
        const num = await numbering.take(tx, user.tenantId, NUMBER_KINDS.contract, typeCode(codes(), row.type));
        await tx.update(contracts).set({ contractNum: num }).where(eq(contracts.id, change.id));
      }
    }
    await refreshEffectiveAmount(tx, change.id);
    await refreshContractMembers(tx, [change.id]);
  };

  const repo = ctx.approval.register(contractEntity, contracts, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      stripServerFields(data, CONTRACT_SERVER_FIELDS);
      const current = id ? ((await db.select().from(contracts).where(eq(contracts.id, id)).limit(1))[0] as Row | undefined) : undefined;
      await checkContract(s, user, data, current);
      if (!id) {
        if (data.handlerUser == null) data.handlerUser = user.userId;
        if (data.deptId == null && user.deptIds[0]) data.deptId = user.deptIds[0];
      }
    },
    async beforeStart(user, record, current) {
      stripServerFields(record, CONTRACT_SERVER_FIELDS);
      await checkContract(s, user, record, current);
      if (!current) {
        if (record.handlerUser == null) record.handlerUser = user.userId;
        if (record.deptId == null && user.deptIds[0]) record.deptId = user.deptIds[0];
      }
    },
    inTransaction,
    // An approved (or no longer approved) supplementary agreement changes its main contract's effective amount.
    async onStatus(tx, record) {
      await refreshEffectiveAmount(tx, record.id);
    },
    async afterWrite(_user, change) {
      if (change.op === 'remove') await db.transaction((tx) => refreshContractMembers(tx, change.ids));
    },
    relatedInstances,
  }) as EntityRepo<typeof contractEntity>;
  return repo;
}

/** get/contractNum (the next number's preview) and get/{id} (the contract with its agreements and projects). */
function registerContractLookups(s: Shared, { repo }: ContractParts) {
  const { ctx, numbering } = s;
  const db = ctx.database.db;

  // GET get/contractNum?businessType=: the number the next contract of that type takes (nothing reserved).
  ctx.route({
    method: 'GET',
    url: `${API}/get/contractNum`,
    summary: '合同编号预览(保存时按此规则取号)',
    tags,
    requires: { anyOf: ['contract_add', 'contract_edit'] },
    query: z.object({ businessType: z.string().optional() }),
    handler: async ({ user, query }) => {
      const type = query.businessType?.trim();
      if (!type) throw fail(CONTRACT_MSG.typeMissing);
      if (!(await s.dictKeys(user.tenantId, 'contract_business_type')).has(type)) throw fail(CONTRACT_MSG.typeUnknown);
      return numbering.preview(user.tenantId, NUMBER_KINDS.contract, typeCode(codes(), type));
    },
  });

  // GET get/{id}: the contract with its supplementary agreements and the projects linked to it (those the caller sees).
  ctx.route({
    method: 'GET',
    url: `${API}/get/:id`,
    summary: '合同详情(含补充协议、关联项目)',
    tags,
    requires: { code: 'contract' },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const row = await repo.detail(user, id);
      if (!row) throw fail(CONTRACT_MSG.missing);
      const [named] = await repo.withNames(user, [row]);
      const replenishments = await repo.withNames(
        user,
        (await repo.page(user, { size: '1000', ascs: 'createTime' }, [eq(contracts.parentId, id)], 1000)).records,
      );
      const linked = await db
        .select({
          id: projects.id,
          projectNum: projects.projectNum,
          projectName: projects.projectName,
          projectStatus: projects.projectStatus,
          status: projects.status,
        })
        .from(projects)
        .where(and(eq(projects.contractId, row.parentId ?? id), eq(projects.isDeleted, 0), eq(projects.tenantId, user.tenantId)))
        .orderBy(asc(projects.createTime));
      return { ...named, replenishments, projects: linked };
    },
  });
}

/** replenish: a supplementary agreement of an approved main contract. */
function registerReplenish(s: Shared, { repo }: ContractParts) {
  const { ctx } = s;

  // POST replenish: a supplementary agreement of an approved main contract (numbered <main>-BC01, approved on its own).
  ctx.route({
    method: 'POST',
    url: `${API}/replenish`,
    summary: '新增补充协议(主合同须已审批通过;审批通过后计入主合同有效金额)',
    tags,
    requires: { code: 'contract_replenish' },
    body: replenishBody,
    handler: async ({ user, body }) => {
      const values = body as Row & { parentId: string };
      const main = await repo.detail(user, values.parentId);
      if (!main) throw fail(CONTRACT_MSG.mainMissing);
      if (main.parentId) throw fail(CONTRACT_MSG.replenishOfReplenish);
      if (Number(main.status) !== APPROVAL_STATUS.approved) throw fail(CONTRACT_MSG.mainNotApproved);
      if (values.contractAmount === undefined || values.contractAmount === null) throw fail('请输入合同金额');
      if (!values.signDate) throw fail('请选择签订日期');
      if (Number(values.contractAmount) === 0) throw fail('补充协议金额不能为0');
      checkDates(values, undefined, 'startDate', 'endDate', CONTRACT_MSG.endBeforeStart);
      const record: Row = {
        contractName: values.contractName ?? null,
        replenishType: values.replenishType,
        contractAmount: values.contractAmount,
        signDate: values.signDate,
        startDate: values.startDate ?? null,
        endDate: values.endDate ?? null,
        files: values.files ?? null,
        remark: values.remark ?? null,
        handlerUser: values.handlerUser ?? user.userId,
        businessType: main.businessType,
        customerId: main.customerId,
        partyB: main.partyB,
        deptId: main.deptId,
        feeBasis: main.feeBasis,
        isFramework: main.isFramework,
      };
      const prepared = await repo.prepareWrite(user, record);
      // A supplementary agreement's amount may be negative (a reduction); its parent and number are the server's.
      return repo.transaction(async (tx) => {
        // The main contract was read above; rows are never deleted (is_deleted only): it is there to lock.
        const locked = firstRow(
          await tx.select({ num: contracts.contractNum, name: contracts.contractName }).from(contracts).where(eq(contracts.id, main.id)).for('update'),
          'main contract',
        );
        const [{ n }] = (await tx.select({ n: count() }).from(contracts).where(eq(contracts.parentId, main.id))) as [{ n: number }];
        const seq = Number(n) + 1;
        const num = `${locked.num}-BC${String(seq).padStart(2, '0')}`;
        await prepared.write(tx);
        await tx
          .update(contracts)
          .set({
            parentId: main.id,
            contractNum: num,
            contractName: (record.contractName as string | null) ?? `${locked.name}补充协议${seq}`.slice(0, 200),
            linkStatus: main.linkStatus ?? 0,
            effectiveAmount: String(record.contractAmount),
          })
          .where(eq(contracts.id, prepared.id));
        await refreshContractMembers(tx, [prepared.id]);
        return { id: prepared.id, contractNum: num };
      });
    },
  });
}

/** reset/link/{id}: unlinks a contract from its projects, each unlink guard asked first. */
function registerUnlink(s: Shared, { repo, guards }: ContractParts) {
  const { ctx } = s;

  // GET reset/link/{id}: unlinks the contract from its projects (refused by the guards, e.g. a project with collections).
  ctx.route({
    method: 'GET',
    url: `${API}/reset/link/:id`,
    summary: '解除合同与项目的关联',
    tags,
    requires: { code: 'contract_reset_link' },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const row = await repo.detail(user, id);
      if (!row) throw fail(CONTRACT_MSG.missing);
      const main = row.parentId ?? id;
      await repo.transaction(async (tx) => {
        const linked = await tx
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.contractId, main), eq(projects.isDeleted, 0), eq(projects.tenantId, user.tenantId)))
          .for('update');
        if (!linked.length) throw fail(CONTRACT_MSG.notLinked);
        const ids = linked.map((p) => String(p.id));
        for (const guard of guards) await guard(tx, user.tenantId, ids);
        await tx
          .update(projects)
          .set({ contractId: null, updateUser: user.userId, updateTime: sql`now()` })
          .where(inArray(projects.id, ids));
        await refreshLinkStatus(tx, [main]);
        await refreshContractMembers(tx, [main]);
      });
    },
  });
}

/** Main contracts only (the list's default; a supplementary agreement is shown under its main contract). */
export const mainContracts = () => isNull(contracts.parentId);
