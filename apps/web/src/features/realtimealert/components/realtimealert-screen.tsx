import { nameIn, siteNameIn } from '@thunderwatch/shared/names';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { useUntoldSites } from '../../../lib/coverage';
import { useCurrentUser } from '../../../lib/current-user';
import { useRotationParam } from '../../../lib/scenes';
import { DEFAULT_TIME_ZONE, localeOf } from '../../../lib/time';
import { RotationMap } from '../../../map/scene/rotation-map';
import { useUnconfirmedAlarms } from '../api/get-unconfirmed-alarms';
import { useWarnings } from '../api/get-warnings';
import { useAlarmAlerting } from '../hooks/use-alarm-alerting';
import { useFitToScreen } from '../hooks/use-fit-to-screen';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useLiveWarnings } from '../hooks/use-live-warnings';
import { useSiteAlerts } from '../hooks/use-site-alerts';
import { alarmsByLocation } from '../hooks/warning-cache';
import { AviationPanel } from './aviation-panel';
import { compassPoint, formatKm, levelCounts, sortTiles, wholeDegrees } from './board-format';
import { ConfirmAlarmDialog } from './confirm-alarm-dialog';
import { SensorPanel } from './sensor-panel';
import type { SiteAlert } from './site-alerts';
import { SummaryBar } from './summary-bar';
import { WarningTile } from './warning-tile';
import '../realtimealert.css';

const NO_ALARMS: AlarmDto[] = [];
const NO_SITE_ALERTS: SiteAlert[] = [];

/** The wall board: every location as a tile in its level's colour; new alarms flash and sound until confirmed. */
export function RealtimealertScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const status = useLiveWarnings();
  const warnings = useWarnings();
  const alarms = useUnconfirmedAlarms();
  const siteAlerts = useSiteAlerts();
  const untold = useUntoldSites();
  const board = useRef<HTMLElement>(null);
  const [params] = useSearchParams();
  const rotation = useRotationParam(params.get('rotation'));
  const fullscreen = useFullscreen(board);
  const [confirming, setConfirming] = useState<{ locationId: number; alarms: AlarmDto[] } | null>(null);

  const pending = alarms.data?.items ?? NO_ALARMS;
  const byLocation = useMemo(() => alarmsByLocation(pending), [pending]);
  const collator = useMemo(() => new Intl.Collator(localeOf(i18n.language)), [i18n.language]);
  const items = warnings.data?.items;
  const tiles = useMemo(
    () => sortTiles(items ?? [], collator.compare, i18n.language),
    [items, collator, i18n.language],
  );
  const counts = useMemo(() => levelCounts(items ?? []), [items]);
  // What changes a tile's height: which tiles there are, their level, approach and alarm bar.
  const layoutKey = tiles
    .map(
      (tile) =>
        `${tile.location_id}:${tile.level}:${tile.approach?.status}:${byLocation.has(tile.location_id)}:${siteAlerts.get(tile.location_id)?.length ?? 0}`,
    )
    .join();
  useFitToScreen(board, fullscreen.active, layoutKey);

  const describe = useCallback(
    (alarm: AlarmDto) => ({
      title: t('realtimealert.notification.title', {
        name: siteNameIn(i18n.language, alarm),
        level: t(`realtimealert.level.${alarm.level}`),
      }),
      body:
        alarm.nearest_km === null
          ? t('realtimealert.notification.body_plain')
          : t('realtimealert.notification.body', {
              km: formatKm(alarm.nearest_km),
              point:
                alarm.bearing_deg === null
                  ? ''
                  : t(`realtimealert.compass.${compassPoint(alarm.bearing_deg)}`),
              deg: alarm.bearing_deg === null ? '' : wholeDegrees(alarm.bearing_deg),
            }),
    }),
    [t, i18n.language],
  );
  const alerting = useAlarmAlerting(pending, describe);

  const onConfirm = useCallback(
    (locationId: number) => setConfirming({ locationId, alarms: byLocation.get(locationId) ?? [] }),
    [byLocation],
  );
  const confirmingTile = tiles.find((tile) => tile.location_id === confirming?.locationId);
  const confirmingName = confirmingTile ? nameIn(i18n.language, confirmingTile) : '';
  const stillPending = confirming ? confirming.alarms.some((a) => pending.some((p) => p.id === a.id)) : false;

  return (
    <section ref={board} className="rta-board" aria-labelledby="rta-title">
      <h1 id="rta-title" className="rta-title">
        {t('screens.realtimealert')}
      </h1>
      <SummaryBar
        counts={counts}
        unconfirmed={alarms.data?.total ?? 0}
        status={status}
        alerting={alerting}
        fullscreen={fullscreen}
      />
      <ErrorMessage
        error={warnings.error ?? alarms.error ?? (rotation.id !== null ? rotation.error : null)}
      />
      <RotationMap steps={rotation.steps} />
      {warnings.isPending && <p className="rta-muted">{t('common.loading')}</p>}
      {warnings.isSuccess && tiles.length === 0 && (
        <div className="panel rta-empty">
          <p>{t('realtimealert.empty')}</p>
        </div>
      )}
      <div className="rta-grid" data-count={Math.min(tiles.length, 12)}>
        {tiles.map((item) => (
          <WarningTile
            key={item.location_id}
            item={item}
            alarms={byLocation.get(item.location_id) ?? NO_ALARMS}
            siteAlerts={siteAlerts.get(item.location_id) ?? NO_SITE_ALERTS}
            untold={untold.get(item.location_id)}
            onConfirm={onConfirm}
          />
        ))}
      </div>
      <AviationPanel timeZone={timeZone} />
      <SensorPanel timeZone={timeZone} />
      {confirming && (
        <ConfirmAlarmDialog
          locationName={confirmingName}
          alarms={confirming.alarms}
          stillPending={stillPending}
          timeZone={timeZone}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
