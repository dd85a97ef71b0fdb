import type { CompactStrokePage } from '@thunderwatch/shared/schemas/lightning';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { apiClient } from '../../../lib/api-client';

export const LIGHTNING_PAGE = 100_000;

export interface LightningWindow {
  from: number;
  to?: number;
}

/**
 * GET /api/lightning?format=compact for a time window, following `next` page by page; each page is handed
 * to `onPage` as it arrives so the map fills in while the rest loads.
 */
export async function getLightningCompact(
  window: LightningWindow,
  onPage: (items: CompactStroke[]) => void,
  signal?: AbortSignal,
): Promise<number> {
  let cursor: string | null = null;
  let total = 0;
  do {
    const page: CompactStrokePage = await apiClient.get<CompactStrokePage>(
      '/api/lightning',
      {
        from: new Date(window.from).toISOString(),
        to: window.to === undefined ? undefined : new Date(window.to).toISOString(),
        format: 'compact',
        limit: LIGHTNING_PAGE,
        cursor,
      },
      { signal },
    );
    total += page.items.length;
    onPage(page.items);
    cursor = page.next;
  } while (cursor && !signal?.aborted);
  return total;
}
