/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the web client's
 * credentials injected) for every other non-API path, so the app's own router decides.
 */
import crypto from 'node:crypto';
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

/**
 * The Content-Security-Policy of the web app's page. Scripts only from this server plus the one inline script
 * injected here (by its hash); no eval. Styles inline too (antd writes its CSS-in-JS as <style> elements, and
 * bpmn-js and ECharts set style attributes). Images also as data:/blob: URLs (captcha, diagrams, previews) and
 * over https (avatars kept elsewhere). Frames: the embedded external pages of /myiframe menus (http(s)).
 * Nothing may frame the app but itself, and no form posts anywhere else.
 */
export function appCsp(inlineScript: string): string {
  const hash = crypto.createHash('sha256').update(inlineScript, 'utf8').digest('base64');
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    'frame-src http: https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export async function serveWeb(app: FastifyInstance, webDir: string, appConfig: WebAppConfig) {
  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const script = `window.__APP_CONFIG__=${JSON.stringify(appConfig).replace(/</g, '\\u003c')}`;
  const inject = `<script>${script}</script>`;
  const csp = appCsp(script);
  const index = hasWeb ? fs.readFileSync(indexFile, 'utf8').replace('</head>', `${inject}</head>`) : '';
  // The login page is titled 登录 from its first byte (spec 2 section 2), not only once its script has loaded.
  const loginIndex = index.replace(/<title>[^<]*<\/title>/, '<title>登录</title>');
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
    if (req.url.startsWith('/api/') || req.url.startsWith('/prod-api/') || req.method !== 'GET' || !hasWeb) return notFound(req, reply);
    const page = req.url === '/login' || req.url.startsWith('/login?') ? loginIndex : index;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp).send(page);
  });
}
