/**
 * The workflow bench's baseline (docs/performance.md): a plain node:http server doing the minimal transaction of a task
 * completion with the raw driver — lock the task, end it, write its history row, create the next task — in tables
 * of its own, and answering with the engine's envelope. No framework, no auth, no model, no variables, no events.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/** Creates the bare tables with `count` open first-step tasks; answers their ids. */
export async function seedBareTasks(databaseUrl: string, count: number): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS bench_bare_task (id bigserial PRIMARY KEY, proc_inst_id bigint NOT NULL, task_def_key text NOT NULL,
      name text NOT NULL, assignee text, create_time timestamptz NOT NULL DEFAULT now())`);
    await pool.query(`CREATE TABLE IF NOT EXISTS bench_bare_task_hist (id bigserial PRIMARY KEY, task_id bigint NOT NULL, proc_inst_id bigint NOT NULL,
      task_def_key text NOT NULL, name text NOT NULL, assignee text, start_time timestamptz NOT NULL, end_time timestamptz NOT NULL)`);
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO bench_bare_task (proc_inst_id, task_def_key, name, assignee) SELECT g, 'a', '第一步', 'admin' FROM generate_series(1, $1::int) g RETURNING id::text AS id`,
      [count],
    );
    await pool.query('ANALYZE bench_bare_task');
    return rows.map((r) => r.id);
  } finally {
    await pool.end();
  }
}

/** Starts the bare completion server on a loopback port: `POST /complete {taskId}`. */
export async function startBareWorkflow(databaseUrl: string, poolSize = 10) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // The bench drops its database WITH (FORCE) at the end: an idle connection ended then is no failure.
  pool.on('error', () => undefined);
  const completeTask = async (taskId: string) => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const { rows } = await c.query<{ proc_inst_id: string; task_def_key: string; name: string; assignee: string | null; create_time: Date }>(
        'SELECT proc_inst_id, task_def_key, name, assignee, create_time FROM bench_bare_task WHERE id = $1 FOR UPDATE',
        [taskId],
      );
      const task = rows[0];
      if (!task) {
        await c.query('ROLLBACK');
        return undefined;
      }
      await c.query('DELETE FROM bench_bare_task WHERE id = $1', [taskId]);
      await c.query(
        'INSERT INTO bench_bare_task_hist (task_id, proc_inst_id, task_def_key, name, assignee, start_time, end_time) VALUES ($1, $2, $3, $4, $5, $6, now())',
        [taskId, task.proc_inst_id, task.task_def_key, task.name, task.assignee, task.create_time],
      );
      const next = await c.query<{ id: string }>(
        `INSERT INTO bench_bare_task (proc_inst_id, task_def_key, name, assignee) VALUES ($1, 'b', '第二步', $2) RETURNING id::text AS id`,
        [task.proc_inst_id, task.assignee],
      );
      await c.query('COMMIT');
      return { createdTaskIds: [next.rows[0]!.id], ended: false };
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const { taskId } = JSON.parse(Buffer.concat(chunks).toString()) as { taskId: string };
        const data = await completeTask(String(taskId));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(data ? { code: 200, success: true, data, msg: '操作成功' } : { code: 400, success: false, data: null, msg: '任务不存在' }));
      } catch (e) {
        res.writeHead(500).end(String(e));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
