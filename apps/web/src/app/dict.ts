/**
 * Dictionaries (API.md): GET /api/blade-system/dict/dictionary?code= → [{dictKey, dictValue, ...}] in sort
 * order, cached by TanStack Query (the clear-cache action of the tag bar invalidates them).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { get } from './api';
import { queryKeys } from './queryKeys';

export interface DictItem {
  dictKey: string;
  dictValue: string;
  sort?: number;
}

const STALE_MS = 10 * 60_000;

/** `code` names a system dictionary; `biz:code` the tenant's business dictionary (FieldDef.bizDict). */
export function dictQuery(code: string) {
  const biz = code.startsWith('biz:');
  return {
    queryKey: queryKeys.dict(code),
    queryFn: () => get<DictItem[]>(biz ? '/api/blade-system/dict-biz/dictionary' : '/api/blade-system/dict/dictionary', { code: biz ? code.slice(4) : code }),
    staleTime: STALE_MS,
  };
}

export function useDict(code: string): DictItem[] {
  return useQuery(dictQuery(code)).data ?? [];
}

/** Several dictionaries at once: code → items (empty while loading). */
export function useDicts(codes: readonly string[]): Record<string, DictItem[]> {
  return useQueries({
    queries: codes.map(dictQuery),
    combine: (results) => Object.fromEntries(codes.map((code, i) => [code, results[i]?.data ?? []])),
  });
}

/** The label of a stored key (dictKey compared as text: int fields store numbers). */
export function dictLabel(items: readonly DictItem[], key: unknown): string {
  if (key === undefined || key === null || key === '') return '';
  return items.find((item) => item.dictKey === String(key))?.dictValue ?? String(key);
}
