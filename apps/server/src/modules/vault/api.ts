/**
 * What other modules (and the seed) may use of the secrets vault: the `password` reference kind (an entry by its
 * platform name) and the sealing of a secret (AES-256-GCM with the key generated into the data directory, as the
 * JWT signing key is: `platform/secrets.ts`).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { readOrCreateSecret } from '../../platform/secrets.ts';
import { vaultEntries } from './schema.ts';

export function passwordRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: vaultEntries,
    key: vaultEntries.id,
    name: vaultEntries.platform,
    tenant: vaultEntries.tenantId,
    live: eq(vaultEntries.isDeleted, 0),
  });
}

/** The file in the data directory holding the vault's key (32 random bytes, base64), made on first use. */
export const VAULT_KEY_FILE = 'vault.key';

/** The vault's key: VAULT_KEY (base64 of 32 bytes) when set, else the one generated into `dataDir`. */
export function loadVaultKey(dataDir: string, fromEnv = process.env.VAULT_KEY): Buffer {
  const text = fromEnv?.trim() || readOrCreateSecret(dataDir, VAULT_KEY_FILE, () => crypto.randomBytes(32).toString('base64'));
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`the vault key (${fromEnv ? 'VAULT_KEY' : VAULT_KEY_FILE}) must be 32 bytes in base64`);
  return key;
}

const PREFIX = 'v1:';

/**
 * The stored form of a secret: `v1:` + base64(iv 12 | tag 16 | ciphertext); the tenant is the additional data, so a
 * value copied into another tenant's row does not open.
 */
export function sealSecret(key: Buffer, tenantId: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(tenantId, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** The secret of a stored value; throws on a value that is not one sealed with this key for this tenant. */
export function openSecret(key: Buffer, tenantId: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('not a sealed secret');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  if (raw.length < 28) throw new Error('not a sealed secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(tenantId, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
