import type { useDisasterWarnings } from '../../../map/scene/hooks/use-disaster-warnings';
import { DisasterLayer } from '../../../map/weather/disaster-layer';
import { DisasterPopup } from './disaster-popup';

interface DisasterMapProps {
  disaster: ReturnType<typeof useDisasterWarnings>;
  /** Marks over the cities that keep their clicks (strokes, cell marks, typhoon points). */
  yieldTo?: { layers: readonly string[]; px: number };
  timeZone: string;
}

/** The disaster warning layer and the picked city's popup, while the layer is on. */
export function DisasterMap({ disaster, yieldTo, timeZone }: DisasterMapProps) {
  if (!disaster.on) return null;
  return (
    <>
      <DisasterLayer data={disaster.data} onSelect={disaster.setPick} yieldTo={yieldTo} />
      {disaster.pick && (
        <DisasterPopup {...disaster.pick} timeZone={timeZone} onClose={() => disaster.setPick(null)} />
      )}
    </>
  );
}
