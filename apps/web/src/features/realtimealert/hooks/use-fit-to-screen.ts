import { type RefObject, useLayoutEffect } from 'react';

const MIN_PX = 12;
/** Type never grows past what reads well from across a room: about 1/80 of the screen's width. */
const maxPx = () => Math.max(MIN_PX, Math.min(32, window.innerWidth / 80));

/**
 * On the wall screen (while `active`, i.e. full screen), sizes the board's type so that every tile fits
 * without scrolling: the largest font size, found by bisection, at which nothing overflows. Runs again
 * when the screen resizes or `layoutKey` changes (tiles added, removed, or growing a line); only below
 * the minimum size does the board scroll.
 */
export function useFitToScreen(target: RefObject<HTMLElement | null>, active: boolean, layoutKey: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `layoutKey` marks content that changes the height
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    if (!active) {
      element.style.fontSize = '';
      return;
    }
    const fits = (px: number) => {
      element.style.fontSize = `${px}px`;
      return element.scrollHeight <= element.clientHeight + 1;
    };
    const fit = () => {
      let low = MIN_PX;
      let high = maxPx();
      if (fits(high)) return;
      while (high - low > 0.5) {
        const middle = (low + high) / 2;
        if (fits(middle)) low = middle;
        else high = middle;
      }
      fits(low);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [target, active, layoutKey]);
}
