/** The envelope of API.md: HTTP status = code, success = code 200. */
import type { FastifyReply } from 'fastify';
import { MSG, type Page, type R } from '@hjl/core';

export function ok<T>(data: T, msg: string = MSG.ok): R<T> {
  return { code: 200, success: true, data, msg };
}

/** Answer of a write call (R.status). */
export function status(msg: string = MSG.ok): R<Record<string, never>> {
  return ok({}, msg);
}

export function failure(reply: FastifyReply, code: number, msg: string) {
  return reply.code(code).send({ code, success: false, data: null, msg } satisfies R<null>);
}

/** A page answer; `estimated`: the total is an estimate (a large list, platform/crud/total.ts), marked `totalEstimated`. */
export function page<T>(records: T[], total: number, current: number, size: number, estimated = false): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0, ...(estimated ? { totalEstimated: true as const } : {}) };
}
