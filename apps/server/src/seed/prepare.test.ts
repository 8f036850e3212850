/**
 * prepareDatabase with a build identity: a restart of the same build on the same day with the same migrations and
 * configuration runs no migration check and no seed; any other build, configuration or a start without a build
 * prepares as before.
 */
import { WEB_CLIENT_ID } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { prepareDatabase } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether the web client's row exists: a seed (ensureWebClient) puts it back whenever it runs. */
const hasWebClient = async () => (await t.database.raw(`SELECT 1 FROM blade_client WHERE client_id = $1`, [WEB_CLIENT_ID])).length === 1;
const dropWebClient = () => t.database.raw(`DELETE FROM blade_client WHERE client_id = $1`, [WEB_CLIENT_ID]);

describe('prepareDatabase', () => {
  it('runs once per build, configuration and day: the same build again prepares nothing', async () => {
    expect((await prepareDatabase(t.database, t.config, 'build A')).prepared).toBe(true);
    await dropWebClient();
    expect((await prepareDatabase(t.database, t.config, 'build A')).prepared).toBe(false);
    expect(await hasWebClient()).toBe(false);
    // Listening elsewhere is not a reason to prepare again.
    expect((await prepareDatabase(t.database, { ...t.config, port: t.config.port + 1, logLevel: 'debug' }, 'build A')).prepared).toBe(false);
  });

  it('prepares again for another build, another setting, or when no build is named', async () => {
    expect((await prepareDatabase(t.database, t.config, 'build B')).prepared).toBe(true);
    expect(await hasWebClient()).toBe(true);
    await dropWebClient();
    expect((await prepareDatabase(t.database, { ...t.config, exactTotal: t.config.exactTotal + 1 }, 'build B')).prepared).toBe(true);
    expect(await hasWebClient()).toBe(true);
    await dropWebClient();
    expect((await prepareDatabase(t.database, t.config)).prepared).toBe(true);
    expect(await hasWebClient()).toBe(true);
  });
});
