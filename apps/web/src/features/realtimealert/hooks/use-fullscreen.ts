import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Whether `target` fills the screen, and a toggle for it (for the wall screen). */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else
      void target.current
        ?.requestFullscreen()
        .catch((error: unknown) => console.warn('No full screen', error));
  }, [target]);
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}
