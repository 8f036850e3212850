/** Secrets generated on first start into the data directory (never a built-in default). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret in `dir/name`, created with `make()` when missing. Creation is atomic (written aside, then
 * linked into place), so two processes starting at once agree on one value and never read half a file.
 */
export function readOrCreateSecret(dir: string, name: string, make: () => string = () => crypto.randomBytes(48).toString('base64')): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(aside, make(), { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}
