import { useSyncExternalStore } from 'react';

/** The width below which the portal lays itself out for a phone (the same as the stylesheets' breakpoint). */
export const PHONE_QUERY = '(max-width: 800px)';

/** Whether `query` matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
