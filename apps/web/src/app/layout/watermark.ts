/**
 * The watermark over the pages: the user's name in grey at opacity 0.3, turned 15°, 20 rows and columns, 16px (spec 2
 * section 9). On by default; the choice is kept per browser.
 */
import { useSyncExternalStore } from 'react';
import { KEYS, storage } from '../storage';

export const WATERMARK = { opacity: 0.3, angle: 15, rows: 20, columns: 20, fontSize: 16 } as const;

const listeners = new Set<() => void>();
let on = storage.get<boolean>(KEYS.watermark) !== false;

export function setWatermark(value: boolean) {
  storage.set(KEYS.watermark, value);
  on = value;
  for (const l of listeners) l();
}

export function useWatermarkOn(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => on,
    () => on,
  );
}

/** Gap between marks so that `rows` × `columns` of them fill a box of the given size. */
export function watermarkGap(width: number, height: number, textWidth: number): [number, number] {
  const gapX = Math.max(0, Math.round(width / WATERMARK.columns - textWidth));
  const gapY = Math.max(0, Math.round(height / WATERMARK.rows - WATERMARK.fontSize));
  return [gapX, gapY];
}
