/** The secrets vault (密码管理, BUSINESS.md §1 hjlPassword): the entries, the use requests, the reveal log. */
import { passwordApplyEntity, passwordLogEntity, passwordVaultEntity } from '@hjl/core';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(passwordVaultEntity, () => import('./VaultPages').then((m) => ({ default: m.VaultPage }))),
  entityPage(passwordApplyEntity, () => import('./VaultPages').then((m) => ({ default: m.ApplyPage }))),
  entityPage(passwordLogEntity, () => import('./VaultPages').then((m) => ({ default: m.LogPage }))),
];
