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
