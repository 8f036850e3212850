/** The one error type handlers throw: an HTTP status (= envelope code) and the message shown to the user. */
import { MSG } from '@hjl/core';

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Business failure: 400 with the message to show. */
export const fail = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg: string = MSG.unauthorized) => new ApiError(401, msg);
export const forbidden = (msg: string = MSG.forbidden) => new ApiError(403, msg);
export const notFound = (msg = '数据不存在') => new ApiError(404, msg);

type ErrorType = abstract new (...args: never[]) => Error;
const answered = new Map<ErrorType, number>();

/**
 * Answers the errors of a module's own layer, which knows nothing of HTTP (the workflow engine's WorkflowError),
 * with a status and their message, like an ApiError: the module registers its type once (server.ts asks `answeredStatusOf`).
 */
export function answerErrorsAs(type: ErrorType, code: number) {
  answered.set(type, code);
}

/** The status registered for the error's type, if any. */
export function answeredStatusOf(err: unknown): number | undefined {
  for (const [type, code] of answered) if (err instanceof type) return code;
  return undefined;
}
