import { useEffect, useMemo, useState } from 'react';
import type { Bounds } from '../../../lib/stroke-store';
import { cellMapData } from '../../cells/cell-features';
import { useCells, useCellTracks } from '../api/get-cells';
import { cellsTime, cellTracksQuery, shownMinute } from './cell-queries';

/**
 * Moves what is asked (`asked`) to what is wanted, but only once the request for `asked` is done (`busy`
 * false). A replay at an hour a second then asks as fast as the server answers, never piling up or
 * cancelling requests, and a drag of the slider ends with the minute it stopped at.
 */
function useCatchUp<T>(
  asked: T,
  wanted: T,
  busy: boolean,
  setAsked: (value: T) => void,
  key: (v: T) => string,
) {
  const wantedKey = key(wanted);
  const askedKey = key(asked);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by key; `wanted` is new each render
  useEffect(() => {
    if (!busy && wantedKey !== askedKey) setAsked(wanted);
  }, [busy, wantedKey, askedKey, setAsked]);
}

/**
 * Storm cells at the time the map shows, their tracks in view, and the map features of both. Cells follow
 * the replay slider minute by minute; live, they refresh each minute.
 */
export function useStormCells(
  enabled: boolean,
  mode: 'live' | 'replay',
  shown: number,
  now: number,
  view: { bounds: Bounds; zoom: number } | null,
) {
  const wantedTime = cellsTime(mode, shown);
  const [time, setTime] = useState(wantedTime);
  const cells = useCells(enabled, time);
  useCatchUp(time, wantedTime, cells.isFetching, setTime, String);
  const wantedTracks = enabled && view ? cellTracksQuery(shown, now, view.bounds, view.zoom) : null;
  const [tracksQuery, setTracksQuery] = useState(wantedTracks);
  const tracks = useCellTracks(tracksQuery, mode === 'live');
  useCatchUp(tracksQuery, wantedTracks, tracks.isFetching, setTracksQuery, JSON.stringify);
  const minute = shownMinute(shown);
  const data = useMemo(() => cellMapData(cells.data, tracks.data, minute), [cells.data, tracks.data, minute]);
  return {
    cells: enabled ? cells.data : undefined,
    tracks: enabled ? tracks.data : undefined,
    data,
    error: cells.error ?? tracks.error,
    loading: cells.isFetching || tracks.isFetching,
  };
}
