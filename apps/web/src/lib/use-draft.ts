import { useState } from 'react';

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Form state seeded from saved data, telling which fields the user changed (only those are sent). */
export function useDraft<T extends object>(source: T) {
  const [draft, setDraft] = useState<T>(source);
  const set = <K extends keyof T>(key: K, value: T[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const changes: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (!same(draft[key], source[key])) changes[key] = draft[key];
  }
  return {
    draft,
    set,
    changes,
    dirty: Object.keys(changes).length > 0,
    reset: () => setDraft(source),
  };
}

/** Empty text means "no value" for optional fields. */
export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
