/**
 * What the tests of contracts and projects share: logins of the demo people and a helper approving (or rejecting)
 * a record's process (the demo models of models.ts, seeded) to its end as whoever may act on each task.
 */
import { expect } from 'vitest';
import type { TestApp } from '../../testing/app.ts';

export const WF = '/api/blade-workflow/process';

/** Tokens of the demo people by account. */
export async function logins(t: TestApp, accounts: string[]): Promise<Record<string, string>> {
  const tok: Record<string, string> = {};
  for (const a of accounts) tok[a] = (await t.login(a, a === 'admin' ? 'admin' : '123456')).access_token!;
  return tok;
}

/**
 * Acts on a process until it ends (or once, when rejecting): each open task is claimed and completed by the first
 * of `approvers` allowed to. Answers the number of tasks completed.
 */
export async function decide(t: TestApp, tok: Record<string, string>, processInstanceId: string, pass = true, approvers = ['sunlei', 'wangjianguo', 'admin']) {
  let done = 0;
  for (let round = 0; round < 8; round++) {
    const tasks = await t.database.raw(`SELECT id::text AS id FROM blade_wf_task WHERE proc_inst_id = $1 ORDER BY create_time`, [processInstanceId]);
    if (!tasks.length) return done;
    const taskId = String(tasks[0]!.id);
    let acted = false;
    for (const who of approvers) {
      await t.call(tok[who], { method: 'POST', url: `${WF}/claimTask`, query: { taskId } });
      const r = await t.call(tok[who], {
        method: 'POST',
        url: `${WF}/completeTask`,
        payload: { taskId, processInstanceId, pass, comment: pass ? '同意' : '不同意' },
      });
      if (r.status === 200) {
        acted = true;
        done++;
        break;
      }
    }
    expect(acted, `nobody of ${approvers.join(',')} could act on task ${taskId}`).toBe(true);
    if (!pass) return done;
  }
  return done;
}
