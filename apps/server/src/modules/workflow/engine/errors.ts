/**
 * What the engine refuses — a task not held, a process suspended, a model it cannot run — with the message for the
 * user. The engine knows nothing of HTTP: the workflow module answers it as a 400 (platform/http/errors.ts
 * `answerErrorsAs`).
 */
export class WorkflowError extends Error {
  override readonly name = 'WorkflowError';
}

export const refuse = (message: string) => new WorkflowError(message);
