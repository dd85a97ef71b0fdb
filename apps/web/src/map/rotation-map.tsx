import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BasemapLayer } from './basemap-layer';
import { MapView } from './map-view';
import { SceneRotation } from './scene-rotation';

/** A wall screen's map panel stepping through saved scenes (`?rotation=`), with the scene shown named. */
export function RotationMap({ steps }: { steps: readonly { scene: Scene; seconds: number }[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Scene | null>(null);
  const first = steps[0]?.scene;
  if (!first) return null;
  return (
    <div className="rotation-map">
      <MapView initialView={{ center: first.center, zoom: first.zoom }} label={t('home.scenes.title')}>
        <BasemapLayer />
        <SceneRotation steps={steps} onScene={setShown} />
      </MapView>
      {shown && (
        <p className="rotation-caption" role="status">
          {t('home.scenes.rotating', { name: shown.name })}
        </p>
      )}
    </div>
  );
}
