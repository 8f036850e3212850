import { defineConfig } from 'vitest/config';

/** Browser tests: the real server (built web app, fresh embedded database) driven through Debian's chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./server.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // A page answers within seconds, not the default single second of expect.poll; on a loaded two-core machine an
    // approval with its engine transaction has taken more than ten (a poll returns as soon as it holds).
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
