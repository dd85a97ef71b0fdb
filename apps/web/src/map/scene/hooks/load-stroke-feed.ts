import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { HOUR_MS } from '../../../lib/stroke-store';
import type { LightningWindow } from '../api/get-lightning';

export type FeedLoading = 'recent' | 'history' | null;

export interface FeedLoad {
  /** The strokes a feed keeps, back from now. */
  keepMs: number;
  now: number;
  /** Fetches a window of strokes, page by page (`getLightningCompact`). */
  fetch: (
    window: LightningWindow,
    onPage: (items: CompactStroke[]) => void,
    signal: AbortSignal,
  ) => Promise<unknown>;
  add: (items: CompactStroke[]) => void;
  loading: (state: FeedLoading) => void;
  /** Resolves when the older strokes may be fetched (the screen's map has shown). */
  historyMay: () => Promise<void>;
  signal: AbortSignal;
}

/**
 * A stroke feed's first load: the last hour (what a live map shows), then, once `historyMay` allows it, the
 * rest of what it keeps (for replay). The older hours wait so that an opening map has the processor first:
 * their request and parsing took a second of a 2-core machine while home's map opened.
 */
export async function loadStrokeFeed({ keepMs, now, fetch, add, loading, historyMay, signal }: FeedLoad) {
  loading('recent');
  await fetch({ from: now - Math.min(HOUR_MS, keepMs) }, add, signal);
  if (signal.aborted) return;
  if (keepMs > HOUR_MS) {
    loading('history');
    await historyMay();
    if (signal.aborted) return;
    await fetch({ from: now - keepMs, to: now - HOUR_MS }, add, signal);
  }
  if (!signal.aborted) loading(null);
}
