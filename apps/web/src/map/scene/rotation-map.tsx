import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../components/error-message';
import { useCurrentUser } from '../../lib/current-user';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../lib/time';
import { BasemapLayer } from '../basemap/basemap-layer';
import { MapView } from '../map-view';
import { RotationLayers, type RotationStep } from './rotation-layers';

/** A wall screen's map panel stepping through saved scenes (`?rotation=`), with the scene shown named. */
export function RotationMap({ steps }: { steps: readonly RotationStep[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Scene | null>(null);
  const [error, setError] = useState<unknown>(null);
  const first = steps[0]?.scene;
  if (!first) return null;
  return (
    <div className="rotation-map">
      <MapView initialView={{ center: first.center, zoom: first.zoom }} label={t('home.scenes.title')}>
        <BasemapLayer />
        <RotationLayers steps={steps} onScene={setShown} onError={setError} />
      </MapView>
      {shown && <RotationCaption scene={shown} />}
      <div className="rotation-error">
        <ErrorMessage error={error} />
      </div>
    </div>
  );
}

/** The scene a rotation shows, and the window it replays when it is not live. */
export function RotationCaption({ scene }: { scene: Scene }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const zone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const time = scene.time;
  return (
    <p className="rotation-caption" role="status" data-time={time.mode}>
      {time.mode === 'window'
        ? t('home.scenes.rotating_window', {
            name: scene.name,
            from: formatDateTime(time.from, zone, i18n.language),
            to: formatDateTime(time.to, zone, i18n.language),
          })
        : t('home.scenes.rotating', { name: scene.name })}
    </p>
  );
}
