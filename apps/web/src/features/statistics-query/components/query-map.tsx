import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { StrokeQueryResult } from '@thunderwatch/shared/schemas/stroke-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import type { DensityGrid } from '../../../map/lightning/density';
import { DensityLayer } from '../../../map/lightning/density-layer';
import { MapView, type MapViewState } from '../../../map/map-view';
import { PickPoint } from '../../../map/pick-point';
import { DrawPolygon } from '../../../map/sites/draw-polygon';
import type { PolygonDraft } from '../../../map/sites/polygon-draft';

const INITIAL_VIEW: MapViewState = { center: [113.3, 23.1], zoom: 5.5 };

interface QueryMapProps {
  result: StrokeQueryResult | null;
  drawing: { draft: PolygonDraft; onChange: (d: PolygonDraft) => void } | null;
  onPick: ((p: Position) => void) | null;
}

/** The result's density cells; the polygon being drawn, or a click that picks the circle's centre. */
export function QueryMap({ result, drawing, onPick }: QueryMapProps) {
  const { t } = useTranslation();
  const density = useMemo(
    (): DensityGrid => ({
      resolution: result?.density.cell_deg ?? 1,
      cells: result ? result.density.cells.map(([lat, lon, count]) => ({ lat, lon, count })) : [],
    }),
    [result],
  );
  return (
    <MapView initialView={INITIAL_VIEW} label={t('statistics_query.map_label')}>
      <BasemapLayer />
      <DensityLayer grid={density} />
      {drawing && <DrawPolygon draft={drawing.draft} onChange={drawing.onChange} />}
      {onPick && <PickPoint onPick={onPick} />}
    </MapView>
  );
}
