import { useTranslation } from 'react-i18next';
import { S } from '../../../lib/stroke-store';
import { FlashLayer } from '../../../map/lightning/flash-layer';
import { MapPopup } from '../../../map/map-popup';
import type { useStrokePick } from '../hooks/use-stroke-pick';
import { StrokeDetails } from './stroke-details';

/** The picked stroke's popup and, when shown, its flash's strokes joined on the map. */
export function StrokePick({ pick, timeZone }: { pick: ReturnType<typeof useStrokePick>; timeZone: string }) {
  const { t } = useTranslation();
  const { selected, flash, flashId } = pick;
  return (
    <>
      {pick.flashPoints.length > 0 && <FlashLayer points={pick.flashPoints} />}
      {selected && (
        <MapPopup
          key={selected[S.id]}
          lngLat={[selected[S.lon], selected[S.lat]]}
          onClose={() => pick.select(null)}
          label={t('home.stroke.title')}
        >
          <StrokeDetails
            stroke={selected}
            timeZone={timeZone}
            flash={{
              shown: flashId !== null,
              data: flash.data,
              loading: flash.isFetching,
              error: flash.error,
            }}
            onShowFlash={pick.setFlashId}
          />
        </MapPopup>
      )}
    </>
  );
}
