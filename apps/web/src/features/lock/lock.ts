/**
 * The lock screen (spec 1 section 2): the user sets a lock password (设置锁屏密码), the screen locks, and
 * every route leads to /lock until that password is given again. The password stays in this browser only,
 * as its md5 (localStorage), so a reload keeps the screen locked; signing out clears the lock.
 */
import { md5 } from 'js-md5';
import { useSyncExternalStore } from 'react';
import { onSessionEnd } from '../../app/session';
import { KEYS, storage } from '../../app/storage';

export const LOCK_PATH = '/lock';

const listeners = new Set<() => void>();
let locked = storage.get<boolean>(KEYS.isLock) === true && !!storage.get<string>(KEYS.lockPasswd);

function changed() {
  locked = storage.get<boolean>(KEYS.isLock) === true && !!storage.get<string>(KEYS.lockPasswd);
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === storage.key(KEYS.isLock) || e.key === storage.key(KEYS.lockPasswd)) changed();
  });
}

export function isLocked(): boolean {
  return locked;
}

/** Locks the screen with `password`; an empty password is refused (false). */
export function lockScreen(password: string): boolean {
  if (!password) return false;
  storage.set(KEYS.lockPasswd, md5(password));
  storage.set(KEYS.isLock, true);
  changed();
  return true;
}

/** Unlocks when `password` is the lock password; answers whether it was. */
export function unlockScreen(password: string): boolean {
  if (!locked || md5(password) !== storage.get<string>(KEYS.lockPasswd)) return false;
  clearLock();
  return true;
}

export function clearLock() {
  storage.remove(KEYS.isLock, KEYS.lockPasswd);
  changed();
}

onSessionEnd(clearLock);

export function useLocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isLocked,
    isLocked,
  );
}
