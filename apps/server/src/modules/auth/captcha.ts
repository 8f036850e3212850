/** Captcha images: single use, 30 minutes, stored in the database so any instance can check them. */
import crypto from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../platform/db/index.ts';
import { captchas } from './schema.ts';

export async function issueCaptcha(db: Db): Promise<{ key: string; image: string; code: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', width: 120, height: 40, background: '#f2f6fc' });
  const key = crypto.randomUUID().replace(/-/g, '');
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  await db.insert(captchas).values({ key, code: c.text.toLowerCase(), expiresAt: sql`now() + interval '30 minutes'` });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, code: c.text };
}

/** Consumes the captcha (right or wrong, it cannot be tried again); answers whether the code matched. */
export async function checkCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  if (!key || !code) return false;
  const [row] = await db
    .delete(captchas)
    .where(eq(captchas.key, key))
    .returning({ code: captchas.code, live: sql<boolean>`${captchas.expiresAt} > now()` });
  return row !== undefined && Boolean(row.live) && row.code === code.trim().toLowerCase();
}
