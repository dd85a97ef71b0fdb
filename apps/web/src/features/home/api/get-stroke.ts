import { useQuery } from '@tanstack/react-query';
import type { StrokeDto, StrokePage } from '@thunderwatch/shared/schemas/lightning';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { S } from '../../../lib/stroke-store';

/** How far around the stroke to look: the compact form rounds time to the millisecond. */
const AROUND_MS = 1_000;
const AROUND_DEG = 0.01;

/**
 * The full record of one stroke (sensors, source, nanoseconds), which the compact map form leaves out:
 * GET /api/lightning in a tiny window around it, picking it by id.
 */
export async function getStroke(stroke: CompactStroke, signal?: AbortSignal): Promise<StrokeDto | null> {
  const lat = stroke[S.lat];
  const lon = stroke[S.lon];
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const page = await apiClient.get<StrokePage>(
    '/api/lightning',
    {
      from: new Date(stroke[S.t] - AROUND_MS).toISOString(),
      to: new Date(stroke[S.t] + AROUND_MS).toISOString(),
      bbox: [
        clamp(lon - AROUND_DEG, 180),
        clamp(lat - AROUND_DEG, 90),
        clamp(lon + AROUND_DEG, 180),
        clamp(lat + AROUND_DEG, 90),
      ].join(','),
      format: 'json',
      limit: 1000,
    },
    { signal },
  );
  return page.items.find((item) => item.id === stroke[S.id]) ?? null;
}

export function useStroke(stroke: CompactStroke | null) {
  return useQuery({
    queryKey: queryKeys.stroke(stroke?.[S.id]),
    queryFn: ({ signal }) => getStroke(stroke as CompactStroke, signal),
    enabled: stroke !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
