import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Whether `target` fills the screen (Fullscreen API), and a toggle; `supported` is false where it cannot. */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () =>
      setOn(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void target.current?.requestFullscreen().catch(() => undefined);
  }, [target]);
  return { on, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled === true };
}
