/**
 * Seal requests (用章申请, /api/business/hjlAuditSeal, process auditSealProcess) and quality checks (项目质量,
 * /api/business/hjlProjectQuality, process projectQuality/{type}): records of a project on the approval kit. A seal
 * request is numbered by the numbering service (preview `hjlAuditSeal/get/contractNum`) in its save's transaction;
 * a project's seal requests are also reached under `hjlProject/audit_seal/...` (list/{id}, save, update). A quality
 * check that is approved and not 不合格 asks for its report's seal with `hjlProjectQuality/audit_seal/{id}`: a seal
 * request of the project is made (a draft the applicant submits), linked both ways.
 */
import { APPROVAL_STATUS, NUMBER_KINDS, PROJECT_MSG, auditSealEntity, projectEntity, projectQualityEntity, submitSchema } from '@hjl/core';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { stripServerFields, type Shared } from './context.ts';
import { auditSeals, projectPersons, qualities } from './schema.ts';

/** The quality grade that fails a check (quality_grade 不合格). */
const FAILED_GRADE = 4;

export function registerSeals(s: Shared, projectRepo: EntityRepo, persons: EntityRepo): { seals: EntityRepo; qualities: EntityRepo } {
  const { ctx, numbering } = s;
  const SEAL_FIELDS = ['sealNum', 'qualityId'];

  /** A new seal request takes its number in the save's transaction. */
  const takeNumber = async (tx: Executor, user: AuthUser, change: { op: 'insert' | 'update'; id: string }) => {
    if (change.op !== 'insert') return;
    const num = await numbering.take(tx, user.tenantId, NUMBER_KINDS.seal);
    await tx.update(auditSeals).set({ sealNum: num }).where(eq(auditSeals.id, change.id));
  };
  /** The project of a record, for the process title. */
  const projectName = async (user: AuthUser, record: Row) => {
    const p = await projectRepo.detail(user, String(record.projectId));
    if (!p) throw fail(PROJECT_MSG.missing);
    record.projectName = p.projectName;
  };

  const seals = ctx.approval.register(auditSealEntity, auditSeals, {
    parent: projectRepo,
    dictionary: s.dictionary,
    alsoAt: [`${projectEntity.api}/audit_seal`],
    beforeWrite(_user, data) {
      stripServerFields(data, SEAL_FIELDS);
    },
    async beforeStart(user, record) {
      stripServerFields(record, SEAL_FIELDS);
      await projectName(user, record);
    },
    inTransaction: takeNumber,
  });

  ctx.route({
    method: 'GET',
    url: `${auditSealEntity.api}/get/contractNum`,
    summary: '用章编号预览(保存时取号)',
    tags: [auditSealEntity.label.zh],
    requires: { anyOf: ['audit_seal_add', 'audit_seal_edit'] },
    handler: async ({ user }) => numbering.preview(user.tenantId, NUMBER_KINDS.seal),
  });

  ctx.route({
    method: 'GET',
    url: `${projectEntity.api}/audit_seal/list/:id`,
    summary: '项目的用章申请(分页)',
    tags: [auditSealEntity.label.zh],
    requires: { anyOf: ['audit_seal', 'project'] },
    query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      if (!(await projectRepo.detail(user, id))) throw fail(PROJECT_MSG.missing);
      const p = await seals.page(user, req.query as Record<string, unknown>, [eq(auditSeals.projectId, id)]);
      return { ...p, records: await seals.withNames(user, p.records) };
    },
  });

  const qualityRepo = ctx.approval.register(projectQualityEntity, qualities, {
    parent: projectRepo,
    dictionary: s.dictionary,
    beforeWrite(_user, data) {
      delete data.sealId;
    },
    async beforeStart(user, record) {
      delete record.sealId;
      await projectName(user, record);
    },
  });

  // POST audit_seal/{id}: the seal request of a passed quality check (a draft of the project's seal request, linked).
  const sealBody = submitSchema({
    ...auditSealEntity,
    fields: {
      sealType: auditSealEntity.fields.sealType,
      useReason: { ...auditSealEntity.fields.useReason, required: undefined },
      copies: { ...auditSealEntity.fields.copies, required: undefined },
      useDate: auditSealEntity.fields.useDate,
      files: auditSealEntity.fields.files,
      remark: auditSealEntity.fields.remark,
    },
  });
  ctx.route({
    method: 'POST',
    url: `${projectQualityEntity.api}/audit_seal/:id`,
    summary: '质量检查通过后申请用章(生成该项目的用章申请草稿)',
    tags: [projectQualityEntity.label.zh],
    requires: { code: 'audit_seal_add' },
    body: sealBody,
    handler: async ({ user, req, body }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const quality = await qualityRepo.detail(user, id);
      if (!quality) throw fail('质量检查不存在或无权访问');
      if (Number(quality.status) !== APPROVAL_STATUS.approved || Number(quality.grade) === FAILED_GRADE) throw fail(PROJECT_MSG.qualityNotPassed);
      if (quality.sealId) throw fail(PROJECT_MSG.qualityHasSeal);
      const values = body as Row;
      const project = await projectRepo.detail(user, String(quality.projectId));
      if (!project) throw fail(PROJECT_MSG.missing);
      const record: Row = {
        ...values,
        projectId: quality.projectId,
        contractId: project.contractId ?? null,
        useReason: values.useReason ?? `${String(project.projectName)}成果文件用章(质量检查通过)`.slice(0, 500),
        copies: values.copies ?? 1,
      };
      const prepared = await seals.prepareWrite(user, record);
      return seals.transaction(async (tx) => {
        const [linked] = await tx
          .update(qualities)
          .set({ sealId: prepared.id })
          .where(and(eq(qualities.id, id), isNull(qualities.sealId)))
          .returning({ id: qualities.id });
        if (!linked) throw fail(PROJECT_MSG.qualityHasSeal);
        await prepared.write(tx);
        await tx.update(auditSeals).set({ qualityId: id }).where(eq(auditSeals.id, prepared.id));
        await takeNumber(tx, user, { op: 'insert', id: prepared.id });
        const [seal] = await tx.select({ sealNum: auditSeals.sealNum }).from(auditSeals).where(eq(auditSeals.id, prepared.id));
        return { id: prepared.id, sealNum: seal?.sealNum ?? null };
      });
    },
  });

  // GET project_collect/person/{id}: the people of project {id} (role and share), whom a quality check concerns.
  ctx.route({
    method: 'GET',
    url: `${projectQualityEntity.api}/project_collect/person/:id`,
    summary: '项目人员(质量检查涉及的人员:角色、分配比例)',
    tags: [projectQualityEntity.label.zh],
    requires: { anyOf: ['project_quality', 'project'] },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      if (!(await projectRepo.detail(user, id))) throw fail(PROJECT_MSG.missing);
      const rows = (await persons.page(user, { size: '1000' }, [eq(projectPersons.projectId, id)], 1000)).records;
      return persons.withNames(user, rows);
    },
  });

  return { seals, qualities: qualityRepo };
}
