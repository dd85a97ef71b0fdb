import type { RingCount } from '@thunderwatch/shared/schemas/warnings';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';

/** Strokes per ring in the last 15 minutes, innermost ring first; active rings stand out. */
export function RingCounts({ counts }: { counts: readonly RingCount[] }) {
  const { t } = useTranslation();
  const rings = [...counts].sort((a, b) => a.radius_km - b.radius_km);
  return (
    <ul className="rta-rings" aria-label={t('realtimealert.tile.strokes_15')}>
      {rings.map((ring) => (
        <li key={ring.radius_km} className={ring.active ? 'rta-ring rta-ring-active' : 'rta-ring'}>
          <span
            className="rta-ring-dot"
            style={{ background: LEVEL_COLOURS[ring.level] }}
            aria-hidden="true"
          />
          <span className="rta-ring-radius">{t('realtimealert.tile.ring', { km: ring.radius_km })}</span>
          <span className="rta-ring-count" data-testid={`ring-${ring.radius_km}`}>
            {ring.last_15_min.toLocaleString()}
          </span>
          {ring.active && <span className="visually-hidden">{t('realtimealert.tile.ring_active')}</span>}
        </li>
      ))}
    </ul>
  );
}
