import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type {
  AddLayerObject,
  ExpressionSpecification,
  FilterSpecification,
  MapMouseEvent,
  SourceSpecification,
} from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerWarmUp } from '../layer-warm-up';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import { type CellFeatureKind, type CellMapData, JUMP_COLOR } from './cell-features';
import { ARROW_HEAD_ICON, addCellIcons, JUMP_ICON, setLeadIcons } from './cell-icons';

const SOURCE = 'cells';
const MARKS = 'cell-marks';
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
  tolerance: 0.2,
};
/** Pixels around a click that still hit a cell's outline from just outside. */
const HIT_PX = 4;
/** Centre marks take clicks from the strokes over them (see STROKE_CLICK). */
export const CELL_MARK_CLICK = { layers: ['cell-centre', 'cell-jump'], px: 8 } as const;

const kind = (k: CellFeatureKind): ExpressionSpecification => ['==', ['get', 'kind'], k];
const hull = (more: ExpressionSpecification): FilterSpecification => ['all', kind('hull'), more];

const LAYERS: AddLayerObject[] = [
  {
    id: 'cell-cone-fill',
    type: 'fill',
    source: SOURCE,
    filter: kind('cone'),
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'opacity'] },
  },
  {
    id: 'cell-cone-line',
    type: 'line',
    source: SOURCE,
    filter: kind('cone'),
    paint: {
      'line-color': ['get', 'color'],
      'line-opacity': 0.55,
      'line-width': 1,
      'line-dasharray': [3, 3],
    },
  },
  {
    id: 'cell-track',
    type: 'line',
    source: SOURCE,
    filter: kind('track'),
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ['get', 'color'], 'line-opacity': ['get', 'opacity'], 'line-width': 2.5 },
  },
  {
    id: 'cell-track-jump',
    type: 'circle',
    source: SOURCE,
    filter: kind('track-jump'),
    paint: { 'circle-radius': 3.5, 'circle-color': JUMP_COLOR, 'circle-opacity': ['get', 'opacity'] },
  },
  {
    id: 'cell-hull-fill',
    type: 'fill',
    source: SOURCE,
    filter: kind('hull'),
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'jump'], 0.3, 0.18] },
  },
  {
    id: 'cell-hull-glow',
    type: 'line',
    source: SOURCE,
    filter: hull(['==', ['get', 'jump'], true]),
    paint: { 'line-color': JUMP_COLOR, 'line-width': 12, 'line-blur': 8, 'line-opacity': 0.6 },
  },
  {
    id: 'cell-hull-line',
    type: 'line',
    source: SOURCE,
    filter: hull(['!=', ['get', 'decaying'], true]),
    layout: { 'line-join': 'round' },
    paint: { 'line-color': ['get', 'edge'], 'line-width': ['get', 'width'] },
  },
  {
    id: 'cell-hull-line-decaying',
    type: 'line',
    source: SOURCE,
    filter: hull(['==', ['get', 'decaying'], true]),
    paint: { 'line-color': ['get', 'edge'], 'line-width': ['get', 'width'], 'line-dasharray': [2, 2] },
  },
  {
    id: 'cell-arrow',
    type: 'line',
    source: SOURCE,
    filter: kind('arrow'),
    layout: { 'line-cap': 'round' },
    paint: { 'line-color': '#f8fafc', 'line-width': 2, 'line-opacity': 0.9 },
  },
  {
    id: 'cell-arrow-head',
    type: 'symbol',
    source: SOURCE,
    filter: kind('arrow-head'),
    layout: {
      'icon-image': ARROW_HEAD_ICON,
      'icon-rotate': ['get', 'direction'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
  {
    id: 'cell-lead',
    type: 'symbol',
    source: SOURCE,
    filter: kind('lead'),
    layout: { 'icon-image': ['concat', 'cell-lead:', ['to-string', ['get', 'lead']]], 'icon-padding': 1 },
  },
];
const MARK_LAYERS: AddLayerObject[] = [
  {
    id: 'cell-centre',
    type: 'circle',
    source: MARKS,
    filter: ['==', ['get', 'jump'], false],
    paint: {
      'circle-radius': 4.5,
      'circle-color': ['get', 'color'],
      'circle-stroke-width': 1.5,
      'circle-stroke-color': '#05080f',
    },
  },
  {
    id: 'cell-jump',
    type: 'symbol',
    source: MARKS,
    filter: ['==', ['get', 'jump'], true],
    layout: { 'icon-image': JUMP_ICON, 'icon-allow-overlap': true, 'icon-ignore-placement': true },
  },
];
const CLICKABLE = ['cell-hull-fill', 'cell-hull-line', 'cell-hull-line-decaying'];

/**
 * A feature of each kind the layers draw, around [lon, lat]; but a lead label (its icon is drawn as the bolt
 * is, and needs its words).
 */
function warmUpFeatures([lon, lat]: [number, number]): FeatureCollection {
  const d = 0.02;
  const ring = [
    [lon - d, lat - d],
    [lon + d, lat - d],
    [lon + d, lat + d],
    [lon - d, lat + d],
    [lon - d, lat - d],
  ];
  const across = [
    [lon - d, lat],
    [lon + d, lat],
  ];
  const at = (properties: Record<string, unknown>, geometry: Geometry): Feature => ({
    type: 'Feature',
    geometry,
    properties: { color: JUMP_COLOR, edge: JUMP_COLOR, opacity: 0.5, width: 2, direction: 0, ...properties },
  });
  const polygon = (p: Record<string, unknown>) => at(p, { type: 'Polygon', coordinates: [ring] });
  const line = (p: Record<string, unknown>) => at(p, { type: 'LineString', coordinates: across });
  const point = (p: Record<string, unknown>) => at(p, { type: 'Point', coordinates: [lon, lat] });
  return {
    type: 'FeatureCollection',
    features: [
      polygon({ kind: 'cone' }),
      line({ kind: 'track' }),
      point({ kind: 'track-jump' }),
      polygon({ kind: 'hull', jump: true, decaying: false }),
      polygon({ kind: 'hull', jump: false, decaying: true }),
      line({ kind: 'arrow' }),
      point({ kind: 'arrow-head' }),
      point({ kind: 'centre', jump: false }),
      point({ kind: 'centre', jump: true }),
    ],
  };
}

/** The storm cells' layers, drawn once unseen as home's map shows (see `warmUpLayers`). */
export const CELL_WARM_UP: LayerWarmUp = {
  layers: [...LAYERS.filter((l) => l.id !== 'cell-lead'), ...MARK_LAYERS],
  source: (centre) => ({ type: 'geojson', data: warmUpFeatures(centre) }),
  images: addCellIcons,
};

interface CellsLayerProps {
  /** From `cellMapData`. */
  data: CellMapData;
  /** A click on a cell gives its id; a click elsewhere null. */
  onSelect: (id: string | null) => void;
  /** Layers whose features take the click when within `px` of it (strokes over a cell). */
  yieldTo?: { layers: readonly string[]; px: number };
}

/**
 * Storm cells: nowcast cones, tracks, hulls and motion arrows under the strokes, centre marks (a bolt for a
 * jump) over them (see `cell-features.ts`). A click picks a cell by its mark first, then leaves it to a
 * stroke under the pointer, then picks a cell by its outline.
 */
export function CellsLayer({ data, onSelect, yieldTo }: CellsLayerProps) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data');
  const marks = useMapLayers(MARKS, SOURCE_SPEC, MARK_LAYERS, 'top');
  const drawnLeads = useRef(new Map<number, string>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const others = useRef(yieldTo);
  others.current = yieldTo;

  useEffect(() => addCellIcons(map), [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language redraws the lead labels
  useEffect(() => {
    if (!source) return;
    const leads = new Set<number>();
    for (const f of data.shapes.features)
      if (f.properties?.kind === 'lead') leads.add(Number(f.properties.lead));
    setLeadIcons(map, leads, (minutes) => t('home.cell.lead', { minutes }), drawnLeads.current);
    void source.setData(data.shapes);
  }, [map, source, data.shapes, t, i18n.language]);

  useEffect(() => {
    if (marks) void marks.setData(data.marks);
  }, [marks, data.marks]);

  useEffect(() => {
    if (!source || !marks) return;
    const onClick = (event: MapMouseEvent) => {
      const { x, y } = event.point;
      const box = (px: number): [[number, number], [number, number]] => [
        [x - px, y - px],
        [x + px, y + px],
      ];
      const hitIn = (layers: readonly string[], px: number) => {
        const present = layers.filter((id) => map.getLayer(id));
        return present.length > 0 ? map.queryRenderedFeatures(box(px), { layers: present }) : [];
      };
      const mark = hitIn(CELL_MARK_CLICK.layers, CELL_MARK_CLICK.px)[0];
      const above = others.current;
      if (!mark && above && hitIn(above.layers, above.px).length > 0) return;
      const hit = mark ?? hitIn(CLICKABLE, HIT_PX)[0];
      const id = hit?.properties?.id;
      select.current(typeof id === 'string' ? id : null);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    const hover = ['cell-hull-fill', ...CELL_MARK_CLICK.layers];
    map.on('click', onClick);
    for (const id of hover) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      map.off('click', onClick);
      for (const id of hover) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
    };
  }, [map, source, marks]);

  return null;
}
