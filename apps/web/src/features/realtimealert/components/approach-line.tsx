import type { Approach } from '@thunderwatch/shared/schemas/warnings';
import { useTranslation } from 'react-i18next';
import { compassPoint, describeEta, wholeDegrees } from './board-format';

/** Where the storm is heading: approaching (with ETA per ring), moving away, stationary or unknown. */
export function ApproachLine({ approach }: { approach: Approach | null }) {
  const { t } = useTranslation();
  const status = approach?.status ?? 'unknown';
  const moving =
    approach && approach.direction_deg !== null && approach.speed_kmh !== null && status !== 'stationary'
      ? t('realtimealert.approach.motion', {
          speed: Math.round(approach.speed_kmh),
          point: t(`realtimealert.compass.${compassPoint(approach.direction_deg)}`),
          deg: wholeDegrees(approach.direction_deg),
        })
      : null;
  const rings =
    status === 'approaching' ? [...(approach?.rings ?? [])].sort((a, b) => a.radius_km - b.radius_km) : [];
  return (
    <div className={`rta-approach rta-approach-${status}`} data-testid="approach">
      <p>
        <strong>{t(`realtimealert.approach.${status}`)}</strong>
        {moving && <span className="rta-approach-motion"> · {moving}</span>}
      </p>
      {rings.length > 0 && (
        <ul className="rta-eta" aria-label={t('realtimealert.approach.eta')}>
          {rings.map((ring) => {
            const eta = describeEta(ring.eta_min);
            return (
              <li key={ring.radius_km}>
                <span>{t('realtimealert.tile.ring', { km: ring.radius_km })}</span>{' '}
                <strong>
                  {eta.kind === 'minutes'
                    ? t('realtimealert.approach.eta_minutes', { minutes: eta.minutes })
                    : t(`realtimealert.approach.eta_${eta.kind}`)}
                </strong>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
