import { nameIn } from '@thunderwatch/shared/names';
import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverageWarning } from '../../../components/coverage-warning';
import { ApproachLine } from './approach-line';
import { compassPoint, formatKm, wholeDegrees } from './board-format';
import { Countdown } from './countdown';
import { RingCounts } from './ring-counts';
import { SiteAlertChips } from './site-alert-chips';
import type { SiteAlert } from './site-alerts';
import { TileSkill } from './tile-skill';

interface WarningTileProps {
  item: WarningItem;
  /** This location's unconfirmed alarms; any makes the tile flash. */
  alarms: readonly AlarmDto[];
  onConfirm: (locationId: number) => void;
  /** Weather alerts of the location (official warnings, typhoon and wave alarms), beside the lightning level. */
  siteAlerts: readonly SiteAlert[];
  /** Levels at which this site's alarms would reach nobody. */
  untold: readonly number[] | undefined;
}

/** One location on the wall board, in its level's colour. */
export const WarningTile = memo(function WarningTile({
  item,
  alarms,
  onConfirm,
  siteAlerts,
  untold,
}: WarningTileProps) {
  const { t, i18n } = useTranslation();
  const flashing = alarms.length > 0;
  const titleId = `rta-tile-${item.location_id}`;
  return (
    <article
      className={`rta-tile rta-level-${item.level}${item.predicted ? ' rta-predicted' : ''}${flashing ? ' rta-flashing' : ''}`}
      aria-labelledby={titleId}
      data-testid={`tile-${item.location_id}`}
      data-level={item.level}
      data-predicted={item.predicted}
      data-source={item.source ?? undefined}
      data-flashing={flashing}
      style={{ '--level-colour': LEVEL_COLOURS[item.level] } as CSSProperties}
    >
      <header className="rta-tile-header">
        <h2 id={titleId}>{nameIn(i18n.language, item)}</h2>
        <span className="rta-level-text">
          {t(`realtimealert.level.${item.level}`)}
          {item.predicted &&
            (item.source === 'efm' ? (
              <span className="rta-predicted-text" title={t('realtimealert.efm_hint')}>
                {t('realtimealert.efm')}
              </span>
            ) : (
              <span className="rta-predicted-text" title={t('realtimealert.predicted_hint')}>
                {t('realtimealert.predicted')}
              </span>
            ))}
        </span>
        <SiteAlertChips alerts={siteAlerts} />
        <CoverageWarning
          locationId={item.location_id}
          untold={untold}
          ringLevels={new Set(item.counts.map((c) => c.level)).size}
        />
        <TileSkill locationId={item.location_id} level={item.level} />
      </header>
      <dl className="rta-facts">
        <div>
          <dt>{t('realtimealert.tile.nearest')}</dt>
          <dd data-testid="nearest">
            {item.nearest_km === null ? (
              <span className="rta-muted">{t('realtimealert.tile.no_strokes')}</span>
            ) : (
              <>
                {t('realtimealert.tile.distance', { km: formatKm(item.nearest_km) })}
                {item.bearing_deg !== null && (
                  <span className="rta-bearing">
                    {' '}
                    {t('realtimealert.tile.bearing', {
                      deg: wholeDegrees(item.bearing_deg),
                      point: t(`realtimealert.compass.${compassPoint(item.bearing_deg)}`),
                    })}
                  </span>
                )}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('realtimealert.tile.all_clear')}</dt>
          <dd>
            <Countdown item={item} />
          </dd>
        </div>
      </dl>
      {item.counts.length > 0 && (
        <section className="rta-tile-section">
          <h3>{t('realtimealert.tile.strokes_15')}</h3>
          <RingCounts counts={item.counts} />
        </section>
      )}
      {item.level > 0 && <ApproachLine approach={item.approach} />}
      {flashing && (
        <div className="rta-alarm-bar" role="alert">
          <span>{t('realtimealert.tile.unconfirmed', { count: alarms.length })}</span>
          <button
            type="button"
            className="button rta-confirm-button"
            onClick={() => onConfirm(item.location_id)}
          >
            {t('realtimealert.tile.confirm')}
          </button>
        </div>
      )}
    </article>
  );
});
