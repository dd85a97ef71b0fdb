import { nameIn } from '@thunderwatch/shared/names';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatDateTime } from '../../../lib/time';
import { useDeleteDevice } from '../api/delete-device';
import { useDeviceInfo } from '../api/get-device-info';
import { StatusChip } from './status-chip';

// ECharts loads when a device is opened, never with the table or the map.
const UptimeChart = lazy(() => import('./uptime-chart'));

interface DeviceDrawerProps {
  id: string;
  timeZone: string;
  /** Group admins may delete the device. */
  canManage: boolean;
  onClose: () => void;
}

/** One device: its details, latest heartbeat, uptime per day and status changes. */
export function DeviceDrawer({ id, timeZone, canManage, onClose }: DeviceDrawerProps) {
  const { t, i18n } = useTranslation();
  const info = useDeviceInfo(id, timeZone);
  const remove = useDeleteDevice();
  const [confirming, setConfirming] = useState(false);
  const time = (iso: string) => formatDateTime(iso, timeZone, i18n.language);
  const d = info.data?.device;
  const name = d ? nameIn(i18n.language, d) : id;
  const hb = info.data?.last_heartbeat;
  return (
    <aside className="device-drawer" aria-labelledby="device-drawer-title" data-testid="device-drawer">
      <header>
        <h2 id="device-drawer-title">{d ? `${name} (${d.id})` : id}</h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('device.close')}
        </button>
      </header>
      <ErrorMessage error={info.error ?? remove.error} />
      {d && (
        <>
          <p>
            <StatusChip status={d.status} />{' '}
            <span data-testid="device-reasons">
              {d.status_reasons.map((r) => t(`device.reason.${r}`)).join(t('device.separator'))}
            </span>
            <span className="muted"> · {t('device.since', { time: time(d.status_since) })}</span>
          </p>
          <dl className="device-facts">
            <dt>{t('device.fields.kind')}</dt>
            <dd>{t(`device.kind.${d.kind}`)}</dd>
            <dt>{t('device.fields.model')}</dt>
            <dd>{d.model || '—'}</dd>
            <dt>{t('device.fields.serial')}</dt>
            <dd>{d.serial || '—'}</dd>
            <dt>{t('device.fields.firmware')}</dt>
            <dd>{d.firmware || '—'}</dd>
            <dt>{t('device.fields.position')}</dt>
            <dd>
              {d.lat.toFixed(4)}, {d.lon.toFixed(4)}
            </dd>
            <dt>{t('device.fields.installed_at')}</dt>
            <dd>{d.installed_at ? time(d.installed_at) : '—'}</dd>
          </dl>
          <h3>{t('device.heartbeat.title')}</h3>
          {hb ? (
            <dl className="device-facts" data-testid="device-heartbeat">
              <dt>{t('device.heartbeat.time')}</dt>
              <dd>{time(hb.time)}</dd>
              <dt>{t('device.heartbeat.gps_lock')}</dt>
              <dd>{hb.gps_lock ? t('device.heartbeat.locked') : t('device.heartbeat.no_lock')}</dd>
              <dt>{t('device.heartbeat.temperature')}</dt>
              <dd>{t('device.heartbeat.celsius', { value: hb.temperature_c })}</dd>
              <dt>{t('device.heartbeat.voltage')}</dt>
              <dd>{t('device.heartbeat.volts', { value: hb.voltage_v })}</dd>
              <dt>{t('device.heartbeat.noise')}</dt>
              <dd>{t('device.heartbeat.percent', { value: hb.noise })}</dd>
              <dt>{t('device.heartbeat.strokes')}</dt>
              <dd>{hb.strokes}</dd>
            </dl>
          ) : (
            <p className="muted">{t('device.heartbeat.none')}</p>
          )}
          <h3>{t('device.uptime.title', { zone: timeZone })}</h3>
          <Suspense fallback={<div className="device-uptime" />}>
            <UptimeChart days={info.data?.uptime ?? []} name={name} />
          </Suspense>
          <h3>{t('device.history.title')}</h3>
          <ol className="device-history" data-testid="device-history">
            {info.data?.history.map((h) => (
              <li key={`${h.at}-${h.status}`}>
                <StatusChip status={h.status} /> <span>{time(h.at)}</span>
                {h.reasons.length > 0 && (
                  <span className="muted">
                    {' '}
                    · {h.reasons.map((r) => t(`device.reason.${r}`)).join(t('device.separator'))}
                  </span>
                )}
              </li>
            ))}
          </ol>
          {canManage && (
            <div className="confirm">
              {confirming ? (
                <>
                  {t('device.form.confirm_delete', { name })}
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(d.id, { onSuccess: onClose })}
                  >
                    {t('common.yes')}
                  </button>
                  <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
                    {t('common.no')}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button-small button-secondary"
                  onClick={() => setConfirming(true)}
                >
                  {t('device.form.delete')}
                </button>
              )}
            </div>
          )}
        </>
      )}
    </aside>
  );
}
