/**
 * CPU of building one completion's write statement (engine/set-sql.ts `writeStatement`) for changes shaped like the
 * workflow bench's approval: `node --import tsx wf-write.ts [iterations] [print]` (print: the statement and its
 * parameters instead).
 */
import { writeStatement, type Change } from '../apps/server/src/modules/workflow/engine/set-sql.ts';
import * as s from '../apps/server/src/modules/workflow/engine/schema.ts';
const id = (n: number) => String(2000000000000000000n + BigInt(n));
const now = '2026-11-27 11:00:00';
const exec = {
  id: id(1),
  tenantId: '000000',
  procInstId: id(1),
  parentId: id(0),
  procDefId: id(9),
  actId: 'b',
  isActive: true,
  isScope: false,
  isMiRoot: false,
  businessKey: null,
  startUserId: null,
  suspensionState: 1,
  startTime: now,
};
const task = {
  id: id(2),
  tenantId: '000000',
  procInstId: id(1),
  executionId: id(1),
  procDefId: id(9),
  procDefKey: 'k',
  taskDefKey: 'b',
  name: '第二步',
  description: null,
  assignee: id(7),
  owner: null,
  delegation: null,
  priority: 50,
  category: null,
  formKey: null,
  dueDate: null,
  claimTime: null,
  suspensionState: 1,
  createTime: now,
};
const act = (n: number, end: string | null) => ({
  id: id(n),
  tenantId: '000000',
  procInstId: id(1),
  procDefId: id(9),
  executionId: id(1),
  actId: 'b',
  actName: '第二步',
  actType: 'userTask',
  taskId: id(2),
  assignee: id(7),
  startTime: now,
  endTime: end,
  durationMs: end ? 0 : null,
  deleteReason: null,
});
const hiTask = (n: number, end: string | null) => ({
  id: id(n),
  tenantId: '000000',
  procInstId: id(1),
  executionId: id(1),
  procDefId: id(9),
  procDefKey: 'k',
  taskDefKey: 'b',
  name: '第二步',
  assignee: id(7),
  owner: null,
  delegation: null,
  startTime: now,
  claimTime: null,
  endTime: end,
  durationMs: end ? 10 : null,
  deleteReason: null,
});
const changes = (): Change[] => [
  { kind: 'upsert', table: s.wfExecutions, rows: [exec] },
  { kind: 'delete', table: s.wfTasks, ids: [id(3)] },
  { kind: 'upsert', table: s.wfTasks, rows: [task] },
  {
    kind: 'upsert',
    table: s.wfVariables,
    rows: [{ id: id(20), tenantId: '000000', procInstId: id(1), executionId: id(1), name: 'pass', type: 'boolean', value: 'true' }],
  },
  { kind: 'upsert', table: s.wfHiActInsts, rows: [act(30, now), act(31, now), act(32, null)] },
  { kind: 'upsert', table: s.wfHiTaskInsts, rows: [hiTask(40, now), hiTask(41, null)] },
  {
    kind: 'insert',
    table: s.wfComments,
    rows: [{ id: id(50), tenantId: '000000', procInstId: id(1), taskId: id(3), userId: id(7), type: 'comment', action: 'approve', message: '同意', time: now }],
  },
  {
    kind: 'insert',
    table: s.wfHiIdentityLinks,
    rows: [{ id: id(60), tenantId: '000000', procInstId: id(1), taskId: id(2), type: 'participant', userId: id(7), groupId: null, createTime: now }],
  },
  {
    kind: 'upsert',
    table: s.wfHiVariables,
    rows: [
      { id: id(20), tenantId: '000000', procInstId: id(1), executionId: id(1), name: 'pass', type: 'boolean', value: 'true', createTime: now, updateTime: now },
    ],
    set: ['type', 'value', 'update_time'],
  },
];
const N = Number(process.argv[2] ?? 20000);
let out = writeStatement(changes());
if (process.argv[3] === 'print') {
  console.log(out!.sql);
  console.log(JSON.stringify(out!.params));
  process.exit(0);
}
for (let i = 0; i < 3000; i++) out = writeStatement(changes());
const t0 = process.cpuUsage();
for (let i = 0; i < N; i++) out = writeStatement(changes());
const t = process.cpuUsage(t0);
console.log(`${((t.user + t.system) / N).toFixed(1)} µs CPU per write statement (${out!.sql.length} chars)`);
