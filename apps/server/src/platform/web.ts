/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the web client's
 * credentials injected) for every other non-API path, so the app's own router decides.
 */
import fs from 'node:fs';
import path from 'node:path';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './http/server.ts';

/** What the web app reads from window.__APP_CONFIG__. */
export interface WebAppConfig {
  clientBasic: string;
  switchMode: boolean;
}

export async function serveWeb(app: FastifyInstance, webDir: string, appConfig: WebAppConfig) {
  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const inject = `<script>window.__APP_CONFIG__=${JSON.stringify(appConfig)}</script>`;
  const index = hasWeb ? fs.readFileSync(indexFile, 'utf8').replace('</head>', `${inject}</head>`) : '';
  if (hasWeb) {
    await app.register(staticFiles, {
      root: webDir,
      index: false,
      wildcard: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const notFound = apiNotFound(app);
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) return notFound(req, reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  });
}
