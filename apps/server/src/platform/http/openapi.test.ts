import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI documentation', () => {
  it('serves the OpenAPI JSON at /api/docs/json, listing the param routes with their methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('工程咨询管理系统 API');
    expect(doc.components.securitySchemes.bladeAuth).toEqual({ type: 'apiKey', in: 'header', name: 'Blade-Auth' });
    const paths = doc.paths as Record<string, Record<string, { summary?: string; security?: unknown; parameters?: { name: string; in: string }[] }>>;
    expect(Object.keys(paths['/api/blade-system/param/list']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/blade-system/param/detail']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/blade-system/param/submit']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/blade-system/param/remove']!)).toEqual(['post']);
    expect(paths['/api/blade-system/param/list']!.get!.summary).toBe('参数管理分页');
    expect(paths['/api/blade-system/param/list']!.get!.security).toEqual([{ bladeAuth: [] }]);
    const listParams = paths['/api/blade-system/param/list']!.get!.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(listParams).toEqual(expect.arrayContaining(['query:current', 'query:size', 'query:ascs', 'query:descs', 'query:paramName', 'query:paramKey']));
    expect(paths['/api/blade-system/param/remove']!.post!.parameters!.map((p) => p.name)).toContain('ids');
    expect(paths['/api/blade-desk/notice/list']).toBeDefined();
    expect(paths['/api/blade-auth/oauth/token']!.post!.security).toBeUndefined();
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // The page's own assets come through the same (lazily built) documentation server.
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.body.length).toBeGreaterThan(1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/yaml' })).body).toMatch(/^openapi: 3\./m);
  });
});
