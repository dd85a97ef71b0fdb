import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useFlash } from '../api/get-flash';

/**
 * The stroke picked on the home map and, when asked, its flash's strokes. `onPicked` runs when a stroke is
 * picked (a stroke takes the click from the cell under it).
 */
export function useStrokePick(onPicked: () => void) {
  const [selected, setSelected] = useState<CompactStroke | null>(null);
  const [flashId, setFlashId] = useState<number | null>(null);
  const flash = useFlash(flashId);
  const picked = useRef(onPicked);
  picked.current = onPicked;
  const select = useCallback((stroke: CompactStroke | null) => {
    setSelected(stroke);
    setFlashId(null);
    if (stroke) picked.current();
  }, []);
  const flashPoints = useMemo(
    () =>
      flashId !== null && flash.data?.strokes
        ? flash.data.strokes.map((s) => [s.lon, s.lat] as [number, number])
        : [],
    [flashId, flash.data],
  );
  return { selected, select, flashId, setFlashId, flash, flashPoints };
}
