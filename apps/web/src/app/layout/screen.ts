/**
 * Screen-width classes (spec 2 section 9, S2 L88-89): 3 from 1200px, 2 from 992px, 1 from 768px, else 0 — a
 * phone, where the pages take their phone layout (cards instead of wide tables, touch-sized buttons).
 */
import { useEffect, useState } from 'react';

export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

export interface WindowSize {
  width: number;
  height: number;
}

/** The window's inner size, following resizes (screen class, watermark spacing). */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState<WindowSize>(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The screen class of the window, following resizes. */
export function useScreenClass(): 0 | 1 | 2 | 3 {
  return screenClass(useWindowSize().width);
}

/** Whether the window is a phone's (screen class 0): the pages show their phone layout. */
export function usePhone(): boolean {
  return useScreenClass() === 0;
}
