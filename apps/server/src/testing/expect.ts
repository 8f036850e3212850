/** Assertions the tests share. */
import { expect } from 'vitest';

/**
 * Every item of `list` passes `check` — and there is at least one item, so the check is never vacuous
 * (`[].every(...)` is true). The first failing item is named in the message.
 */
export function expectEvery<T>(list: readonly T[], check: (item: T) => boolean, what = 'items'): void {
  expect(list.length, `no ${what} to check`).toBeGreaterThan(0);
  const failing = list.find((item) => !check(item));
  expect(failing, `an item fails: ${JSON.stringify(failing)}`).toBeUndefined();
}
