/**
 * The secrets vault (密码管理, BUSINESS.md §1 hjlPassword): the calls of the area. URLs live here only. The vault
 * list never carries a secret; `select` lists the entries one may ask to use; `reveal` answers the secret to the
 * requester of an approved, unexpired use request (and is audited by the server).
 */
import { passwordApplyEntity, passwordVaultEntity } from '@hjl/core';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export const VAULT_SELECT_URL = `${passwordVaultEntity.api}/select`;
export const REVEAL_URL = `${passwordApplyEntity.api}/reveal`;
export const START_URL = `${passwordApplyEntity.api}/start`;
/** Button code of 查看密码. */
export const REVEAL_CODE = 'password_apply_reveal';

export interface VaultOption {
  id: string;
  platform: string;
  category?: number | null;
  account?: string | null;
}

export interface Revealed {
  platform: string;
  platformUrl?: string | null;
  account?: string | null;
  loginName?: string | null;
  password: string;
  expireTime: string;
}

export const vaultOptionsQuery = () => ({
  queryKey: queryKeys.entity(passwordVaultEntity.api).options('select'),
  queryFn: ({ signal }: { signal: AbortSignal }) => get<VaultOption[]>(VAULT_SELECT_URL, undefined, { signal, silent: true }),
  staleTime: 60_000,
  retry: false,
});

export const revealSecret = (id: string) => post<Revealed>(REVEAL_URL, undefined, { id });
export const startUse = (passwordId: string, reason: string) => post<{ id: string }>(START_URL, { passwordId, reason });
