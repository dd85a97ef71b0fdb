import type { CompactStroke } from '@thunderwatch/shared/strokes';
import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, GeoJSONSource, MapMouseEvent, SourceSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { NO_STROKE_FILTER, type StrokeFilter } from '../../lib/stroke-filter';
import { S, type StrokeStore } from '../../lib/stroke-store';
import { type ClickYield, yieldsClick } from '../area-click';
import { useMap } from '../map-context';
import { setSourceData } from '../source-data';
import { useMapLayers } from '../use-map-layers';
import { addStrokeIcons, MINUS_ICON, PLUS_ICON } from './stroke-icons';
import {
  AGE_LAYERS,
  type AgeLayer,
  ageClassFilter,
  kindFilter,
  type StrokeMode,
  sourceWindow,
  toFeature,
} from './stroke-style';
import { DiffBatch, StrokeWindow, type WindowDiff } from './stroke-window';

const SOURCE = 'strokes';
const POLARITY = 'strokes-polarity';
const layerId = (kind: 0 | 1, age: AgeLayer) => `strokes-${kind === 0 ? 'cg' : 'ic'}-${age.bin}`;
const CLICKABLE = ([0, 1] as const).flatMap((kind) => AGE_LAYERS.map((age) => layerId(kind, age)));
/** Pixels around a click that still hit a stroke. */
const HIT_PX = 7;
/** What takes a click on a stroke: layers drawn under the strokes leave such a click to them. */
export const STROKE_CLICK = { layers: CLICKABLE, px: HIT_PX } as const;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY, maxzoom: 12, buffer: 16 };
const radius = (scale: number) =>
  ['interpolate', ['linear'], ['zoom'], 2, 2.2 * scale, 6, 3.5 * scale, 10, 6 * scale] as const;

/** A change of more strokes than this replaces the source's data instead of patching it. */
const BULK = 2_000;
/** Socket bursts reach the map together at most this often (each update costs the map a frame). */
const FLUSH_MS = 1_500;

/**
 * Sends a window's change to the map. A bulk of strokes (the first load, the day's history, a jump of the
 * replay) replaces the source's data (`setSourceData`: thousands go as GeoJSON text, which MapLibre's worker
 * parses, instead of objects copied one by one on the page's main thread). A few strokes go as a patch.
 */
function send(target: GeoJSONSource, strokeWindow: StrokeWindow, diff: WindowDiff) {
  if (diff.reset || diff.add.length > BULK) {
    void setSourceData(target, {
      type: 'FeatureCollection',
      features: strokeWindow.strokes().map(toFeature),
    });
  } else if (diff.add.length > 0 || diff.remove.length > 0) {
    void target.updateData({ add: diff.add.map(toFeature), remove: diff.remove });
  }
}

/** Oldest class first, so newer strokes draw on top. */
const OLDEST_FIRST = [...AGE_LAYERS].reverse();

function layers(now: number, mode: StrokeMode, filter: StrokeFilter): AddLayerObject[] {
  const ic: AddLayerObject[] = OLDEST_FIRST.map((age) => ({
    id: layerId(1, age),
    type: 'circle',
    source: SOURCE,
    filter: ageClassFilter(now, mode, 1, age, filter),
    paint: {
      'circle-radius': radius(0.9) as never,
      'circle-opacity': 0,
      'circle-stroke-width': 1.4,
      'circle-stroke-color': age.color,
      'circle-stroke-opacity': age.opacity,
    },
  }));
  const cg: AddLayerObject[] = OLDEST_FIRST.map((age) => ({
    id: layerId(0, age),
    type: 'circle',
    source: SOURCE,
    filter: ageClassFilter(now, mode, 0, age, filter),
    paint: {
      'circle-radius': radius(1) as never,
      'circle-color': age.color,
      'circle-opacity': age.opacity,
      'circle-stroke-width': ['case', ['>', ['get', 'p'], 0], 1.4, 0.6],
      'circle-stroke-color': ['case', ['>', ['get', 'p'], 0], '#ffffff', '#05080f'],
      'circle-stroke-opacity': age.opacity,
    },
  }));
  return [
    ...ic,
    ...cg,
    {
      id: POLARITY,
      type: 'symbol',
      source: SOURCE,
      // Only CG polarity matters to the people on the ground; zoomed out the glyphs would bury the dots.
      minzoom: 8,
      filter: kindFilter(now, mode, 0, filter),
      layout: {
        'icon-image': ['case', ['>', ['get', 'p'], 0], PLUS_ICON, MINUS_ICON],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'icon-offset': [9, -9],
        'icon-size': 0.8,
      },
    },
  ];
}

interface StrokesLayerProps {
  store: StrokeStore;
  /** Reference time: the live clock (refreshed every few seconds) or the replay cursor. */
  now: number;
  mode: StrokeMode;
  /** Which strokes are drawn (types, least |peak current|); all by default. */
  filter?: StrokeFilter;
  /** A click picks the nearest stroke, or null when none is under the pointer. */
  onSelect?: (stroke: CompactStroke | null) => void;
  /** Layers over the strokes that take a click within `px` of their features (cell marks). */
  yieldTo?: ClickYield;
}

/**
 * The store's strokes of the time the mode shows (live the last hour, replay the trail before the cursor) as
 * one GeoJSON source, in time order so the newest draw on top (a `circle-sort-key` would cost one draw call
 * per stroke). The store's changes and the window's moves go to the map as diffs (`updateData`), so a new
 * burst costs only its own strokes; time moves by restyling the layers.
 */
export function StrokesLayer({
  store,
  now,
  mode,
  filter = NO_STROKE_FILTER,
  onSelect,
  yieldTo,
}: StrokesLayerProps) {
  const map = useMap();
  const initial = useRef(layers(now, mode, filter));
  const source = useMapLayers(SOURCE, SOURCE_SPEC, initial.current, 'strokes');
  const select = useRef(onSelect);
  select.current = onSelect;
  const others = useRef(yieldTo);
  others.current = yieldTo;

  useEffect(() => addStrokeIcons(map), [map]);

  const [strokeWindow] = useState(() => new StrokeWindow(store));
  const [batch] = useState(() => new DiffBatch());
  const timeWindow = sourceWindow(now, mode);
  const windowRef = useRef(timeWindow);
  windowRef.current = timeWindow;
  const flushing = useRef({ last: 0, timer: null as ReturnType<typeof setTimeout> | null });
  const flushRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!source) return;
    const state = flushing.current;
    const flush = () => {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      // Only a send starts the wait: the first strokes after the map opened go at once.
      if (batch.empty) return;
      state.last = Date.now();
      send(source, strokeWindow, batch.take());
    };
    send(source, strokeWindow, strokeWindow.reset(windowRef.current));
    const off = store.subscribe((change) => {
      batch.merge(strokeWindow.follow(change));
      // The first change after a quiet spell goes at once (the first strokes, a new storm); those that follow
      // within FLUSH_MS go together at its end.
      const wait = state.last + FLUSH_MS - Date.now();
      if (wait <= 0) flush();
      else state.timer ??= setTimeout(flush, wait);
    });
    flushRef.current = flush;
    return () => {
      off();
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      flushRef.current = null;
    };
  }, [source, store, strokeWindow, batch]);

  // Time moving: the window's change goes with whatever the socket brought meanwhile, in the same frame as
  // the layers' restyle below.
  useEffect(() => {
    if (!source) return;
    batch.merge(strokeWindow.move({ from: timeWindow.from, to: timeWindow.to }));
    flushRef.current?.();
  }, [source, strokeWindow, batch, timeWindow.from, timeWindow.to]);

  useEffect(() => {
    if (!source) return;
    for (const kind of [0, 1] as const) {
      for (const age of AGE_LAYERS)
        map.setFilter(layerId(kind, age), ageClassFilter(now, mode, kind, age, filter));
    }
    map.setFilter(POLARITY, kindFilter(now, mode, 0, filter));
  }, [map, source, now, mode, filter]);

  useEffect(() => {
    if (!source) return;
    const onClick = (event: MapMouseEvent) => {
      const { x, y } = event.point;
      if (yieldsClick(map, others.current, x, y)) return;
      const hits = map.queryRenderedFeatures(
        [
          [x - HIT_PX, y - HIT_PX],
          [x + HIT_PX, y + HIT_PX],
        ],
        { layers: CLICKABLE },
      );
      // The nearest stroke under the pointer, the newest when several coincide.
      let best: { stroke: CompactStroke; d: number } | null = null;
      for (const hit of hits) {
        const stroke = store.get(Number(hit.id));
        if (!stroke) continue;
        const p = map.project([stroke[S.lon], stroke[S.lat]]);
        const d = Math.round(Math.hypot(p.x - x, p.y - y));
        if (!best || d < best.d || (d === best.d && stroke[S.t] > best.stroke[S.t])) best = { stroke, d };
      }
      select.current?.(best ? best.stroke : null);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    for (const id of CLICKABLE) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      map.off('click', onClick);
      for (const id of CLICKABLE) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
    };
  }, [map, source, store]);

  return null;
}
