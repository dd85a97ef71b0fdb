import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CellCollection, CellTracks } from '@thunderwatch/shared/schemas/cells';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The live map asks again each minute: the tracker takes one step a minute. */
export const CELLS_REFRESH_MS = 60_000;

/** GET /api/scz: the storm cells of the tracker step at `time` (a whole minute), or of the latest step. */
export function getCells(time: string | null, signal?: AbortSignal): Promise<CellCollection> {
  return apiClient.get<CellCollection>('/api/scz', time === null ? {} : { time }, { signal });
}

export interface CellTracksQuery {
  from: string;
  to: string;
  /** west,south,east,north */
  bbox: string;
}

/** GET /api/scz_query_range: the tracks of the cells seen in the area between `from` and `to`. */
export function getCellTracks(query: CellTracksQuery, signal?: AbortSignal): Promise<CellTracks> {
  return apiClient.get<CellTracks>('/api/scz_query_range', { ...query }, { signal });
}

/**
 * `time` null asks for the latest step and refreshes each minute (live); a replay minute is asked once. The
 * previous answer stays shown while the next loads.
 */
export function useCells(enabled: boolean, time: string | null) {
  return useQuery({
    queryKey: queryKeys.cells(time),
    queryFn: ({ signal }) => getCells(time, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: time === null ? CELLS_REFRESH_MS : false,
    staleTime: time === null ? 0 : 5 * 60_000,
  });
}

/** Tracks; `live` refreshes them each minute (the newest window still grows). */
export function useCellTracks(query: CellTracksQuery | null, live: boolean) {
  return useQuery({
    queryKey: queryKeys.cellTracks(query),
    queryFn: ({ signal }) => getCellTracks(query as CellTracksQuery, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: live ? CELLS_REFRESH_MS : false,
    staleTime: live ? 0 : 5 * 60_000,
  });
}
