/**
 * 档案借阅 (hjlArchiveApply, BUSINESS.md WP7): a borrowing of an archive in the store, approved through
 * `archiveBorrow` (部门经理 → 档案管理员); approved, the archive is 借出. `POST return` starts `archiveReturn` for the
 * same record (the approval kit's `startNext`); approved, the archive is 在库 again and the borrowing 已归还 on the
 * return date. Only an archived archive in the store with no other borrowing under way can be borrowed
 * (该档案已借出) — checked again at the start under a lock of the archive row, so two borrowings started at once
 * cannot both pass. Who sees borrowings: the borrower, the department manager their department's, holders of
 * `archive_apply_all` (the clerk, leaders) all. Overdue borrowings remind the borrower and the clerks once a day
 * (the job `archive-borrow-overdue`, through the expiry reminders).
 */
import {
  APPROVAL_STATUS,
  ARCHIVE_APPLY_SERVER_FIELDS,
  ARCHIVE_APPLY_STAGE as STAGE,
  ARCHIVE_BORROW_STATUS,
  ARCHIVE_MSG as MSG,
  ARCHIVE_PROCESSES,
  EXPIRE_BIZ_TYPE,
  archiveApplyEntity,
  isDateText,
} from '@hjl/core';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { ApplicantScope, anotherCounted } from '../approval/api.ts';
import type { ExpireNoticeInput } from '../project/api.ts';
import { userNameOf } from '../user/api.ts';
import type { ArchiveShared } from './context.ts';
import { archiveApplies, archives } from './schema.ts';

export const ARCHIVE_OVERDUE_JOB = 'archive-borrow-overdue';
/** Who sees every borrowing (the clerk, leaders). */
export const ARCHIVE_APPLY_ALL = 'archive_apply_all';

const returnBody = z.object({
  id: idField({ message: '借阅申请格式不正确' }),
  returnDate: z
    .string({ message: '归还日期格式应为yyyy-MM-dd' })
    .refine((v) => isDateText(v), { message: '归还日期格式应为yyyy-MM-dd' })
    .optional(),
  remark: z.string().max(500, { message: '备注最多500个字符' }).optional(),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Overdue borrowing reminders (tests run them at a fixed time). */
    archiveOverdue: { run(now: Date): Promise<number> };
  }
}

/** The borrowings of an archive under way (borrow approving or approved and not returned), but `except`. */
const borrowingUnderWay = (tx: Executor, tenantId: string, archivesId: string, except: string | undefined) =>
  anotherCounted(tx, archiveApplies, tenantId, [eq(archiveApplies.archivesId, archivesId), ne(archiveApplies.applyStage, STAGE.returned)], { except });

export function registerBorrowing(s: ArchiveShared): EntityRepo<typeof archiveApplyEntity> {
  const { ctx, db } = s;
  const scope = new ApplicantScope(ctx, ARCHIVE_APPLY_ALL);

  /** The archive to borrow: archived, in the store, nobody else's borrowing under way; locked with `lock`. */
  const assertBorrowable = async (tx: Executor, user: AuthUser, archivesId: string, except: string | undefined, lock: boolean) => {
    const q = tx
      .select({ id: archives.id, status: archives.status, borrowStatus: archives.borrowStatus, archiveNum: archives.archiveNum, projectId: archives.projectId })
      .from(archives)
      .where(and(eq(archives.id, archivesId), eq(archives.tenantId, user.tenantId), eq(archives.isDeleted, 0)))
      .limit(1);
    const [a] = lock ? await q.for('update') : await q;
    if (!a) throw fail(MSG.missing);
    if (a.status !== APPROVAL_STATUS.approved) throw fail(MSG.notArchived);
    if (a.borrowStatus === ARCHIVE_BORROW_STATUS.lent || (await borrowingUnderWay(tx, user.tenantId, archivesId, except))) throw fail(MSG.lent);
    return a;
  };

  const prepare = async (user: AuthUser, data: Row, id: string | undefined) => {
    for (const f of ARCHIVE_APPLY_SERVER_FIELDS) delete data[f];
    const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
    if (current && current.applyStage !== STAGE.applying) throw fail(MSG.restart);
    const archivesId = String(data.archivesId ?? current?.archivesId ?? '');
    const a = await assertBorrowable(db, user, archivesId, id, false);
    const borrowDate = String(data.borrowDate ?? current?.borrowDate ?? '');
    const due = String(data.planReturnDate ?? current?.planReturnDate ?? '');
    if (due && borrowDate && due < borrowDate) throw fail(MSG.planBeforeBorrow);
    data.archiveNum = a.archiveNum;
    data.projectId = a.projectId;
    data.applyStage = STAGE.applying;
    if (!current) {
      data.applyUser = user.userId;
      data.applyDept = user.deptIds[0] ?? null;
    }
  };

  const repo: EntityRepo<typeof archiveApplyEntity> = ctx.approval.register(archiveApplyEntity, archiveApplies, {
    visible: (user) => scope.conditions(user, { applyUser: archiveApplies.applyUser, applyDept: archiveApplies.applyDept }),
    beforeWrite: (user, data, id) => prepare(user, data, id),
    beforeStart: (user, record, current) => prepare(user, record as Row, current?.id),
    // Two borrowings of one archive started at once queue on the archive row; the second finds the first.
    async startWith(tx, user, id, record) {
      await assertBorrowable(tx, user, String(record.archivesId), id, true);
    },
    onStatus: (tx, row, status) => borrowingChanged(s, tx, row, status),
  });

  // The borrowings the caller sees (the kit's list narrowing): the borrower, the department's manager, the clerk.
  const seen = repo.narrowed((user) => scope.conditions(user, { applyUser: archiveApplies.applyUser, applyDept: archiveApplies.applyDept }));
  ctx.route({
    method: 'POST',
    url: `${archiveApplyEntity.api}/return`,
    summary: '归还借阅的档案(发起档案归还审批 archiveReturn;通过后档案在库)',
    tags: [archiveApplyEntity.label.zh],
    requires: { code: 'archive_apply_return' },
    body: returnBody,
    handler: async ({ user, body }) => {
      const apply = await seen.find(user, [eq(archiveApplies.id, body.id)]);
      if (!apply) throw fail(MSG.applyMissing);
      const returnDate = body.returnDate ?? s.clock.today();
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ stage: archiveApplies.applyStage, createUser: archiveApplies.createUser })
          .from(archiveApplies)
          .where(eq(archiveApplies.id, apply.id))
          .for('update');
        if (!locked || locked.stage !== STAGE.lent) throw fail(MSG.notLent);
        if (apply.borrowDate && returnDate < apply.borrowDate) throw fail(MSG.returnBeforeBorrow);
        await tx
          .update(archiveApplies)
          .set({ applyStage: STAGE.returning, returnDate, ...(body.remark ? { remark: body.remark } : {}) })
          .where(eq(archiveApplies.id, apply.id));
        const [starter] = await tx
          .select({ name: userNameOf(sql`${archiveApplies.createUser}::text`, sql`${archiveApplies.tenantId}`) })
          .from(archiveApplies)
          .where(eq(archiveApplies.id, apply.id));
        const started = await ctx.approval.startNext(tx, {
          def: archiveApplyEntity,
          tenantId: user.tenantId,
          id: apply.id,
          // The borrower starts it, whoever brings the archive back: the record follows it as its own instance.
          starter: { id: String(locked.createUser ?? user.userId), name: starter?.name ?? undefined },
          process: { processKey: ARCHIVE_PROCESSES.return.key, routeKey: ARCHIVE_PROCESSES.return.form },
          variables: { archivesId: apply.archivesId, archiveNum: apply.archiveNum, returnDate },
          title: `{userName}的档案归还:${apply.archiveNum ?? ''}`,
        });
        return { id: apply.id, applyStage: STAGE.returning, returnDate, processInstanceId: started.processInstanceId };
      });
    },
  });

  registerOverdueReminders(s);
  return repo;
}

/**
 * A borrowing's approval moved. Borrow approved: 借出 (the archive too). Return approved: 已归还, the archive 在库.
 * A return rejected or withdrawn: still 借出 (it can be returned again). A borrow rejected or withdrawn: nothing moves.
 */
async function borrowingChanged(s: ArchiveShared, tx: Executor, rec: { id: string; tenantId: string }, status: number) {
  const [row] = await tx
    .select({ stage: archiveApplies.applyStage, archivesId: archiveApplies.archivesId })
    .from(archiveApplies)
    .where(and(eq(archiveApplies.id, rec.id), eq(archiveApplies.tenantId, rec.tenantId)))
    .for('update');
  if (!row?.archivesId) return;
  const setArchive = (borrowStatus: number) =>
    tx
      .update(archives)
      .set({ borrowStatus, updateTime: sql`now()` })
      .where(eq(archives.id, String(row.archivesId)));
  if (row.stage === STAGE.returning) {
    if (status === APPROVAL_STATUS.approved) {
      await tx.update(archiveApplies).set({ applyStage: STAGE.returned }).where(eq(archiveApplies.id, rec.id));
      await setArchive(ARCHIVE_BORROW_STATUS.inStore);
    } else if (status === APPROVAL_STATUS.rejected || status === APPROVAL_STATUS.withdrawn) {
      await tx.update(archiveApplies).set({ applyStage: STAGE.lent, returnDate: null }).where(eq(archiveApplies.id, rec.id));
    }
    return;
  }
  if (row.stage === STAGE.applying && status === APPROVAL_STATUS.approved) {
    await tx.update(archiveApplies).set({ applyStage: STAGE.lent }).where(eq(archiveApplies.id, rec.id));
    await setArchive(ARCHIVE_BORROW_STATUS.lent);
  }
}

/** The daily reminders of borrowings past their planned return date: the borrower's and each clerk's, once per day due. */
function registerOverdueReminders(s: ArchiveShared) {
  const { ctx, db } = s;
  const run = async (now: Date): Promise<number> => {
    const today = s.clock.today(now);
    const overdue = await db
      .select({
        id: archiveApplies.id,
        tenantId: archiveApplies.tenantId,
        applyUser: archiveApplies.applyUser,
        archiveNum: archiveApplies.archiveNum,
        due: archiveApplies.planReturnDate,
        borrower: userNameOf(sql`${archiveApplies.applyUser}::text`, sql`${archiveApplies.tenantId}`),
        archiveName: archives.archiveName,
      })
      .from(archiveApplies)
      .innerJoin(archives, eq(archives.id, archiveApplies.archivesId))
      .where(and(eq(archiveApplies.isDeleted, 0), eq(archiveApplies.applyStage, STAGE.lent), lt(archiveApplies.planReturnDate, today)));
    const clerksOf = new Map<string, string[]>();
    for (const t of new Set(overdue.map((o) => String(o.tenantId)))) clerksOf.set(t, await s.clerks(t));
    const notices: ExpireNoticeInput[] = [];
    for (const o of overdue) {
      if (!o.applyUser) continue;
      const what = `借阅的档案【${o.archiveName ?? ''}】(${o.archiveNum ?? ''})应于${String(o.due)}归还,已逾期`;
      for (const userId of new Set([String(o.applyUser), ...(clerksOf.get(String(o.tenantId)) ?? [])]))
        notices.push({
          tenantId: String(o.tenantId),
          userId,
          bizType: EXPIRE_BIZ_TYPE.archiveBorrow,
          bizId: String(o.id),
          expireDate: String(o.due),
          title: userId === String(o.applyUser) ? `您${what}` : `${o.borrower ?? ''}${what}`,
        });
    }
    return notices.length ? s.addExpireNotices(notices) : 0;
  };
  ctx.jobs.register({ name: ARCHIVE_OVERDUE_JOB, dailyAt: '08:00', run: async (job) => void (await run(job.now)) });
  ctx.app.decorate('archiveOverdue', { run });
}
