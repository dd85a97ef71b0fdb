import { nameIn } from '@thunderwatch/shared/names';
import type { Device } from '@thunderwatch/shared/schemas/devices';
import type { SensorDto } from '@thunderwatch/shared/schemas/sensors';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';
import { STATUS_COLOURS } from '../../../map/devices/device-features';
import { SENSOR_COLORS, sensorReadingParts, sensorState } from '../../../map/devices/sensor-features';
import { MapPopup } from '../../../map/map-popup';

interface SensorPopupProps {
  sensor: SensorDto;
  lngLat: [number, number];
  timeZone: string;
  onClose: () => void;
}

/** A sensor's name, kind, state and latest reading (every element it reported, with units) and its time. */
export function SensorPopup({ sensor: s, lngLat, timeZone, onClose }: SensorPopupProps) {
  const { t, i18n } = useTranslation();
  const state = sensorState(s);
  const parts = s.latest ? sensorReadingParts(s.latest.values) : [];
  return (
    <MapPopup lngLat={lngLat} onClose={onClose} label={t('home.sensors.popup', { name: s.name })}>
      <div className="disaster-details">
        <h2>
          <span className="legend-swatch" style={{ background: SENSOR_COLORS[state] }} />
          {s.name}
        </h2>
        <p className="disaster-level">
          {t(`realtimealert.sensors.kind.${s.kind}`)} · {t(`home.sensors.state_${state}`)}
        </p>
        <dl className="stroke-facts">
          {parts.map((p) => (
            <Fragment key={p.element}>
              <dt>{t(`realtimealert.sensors.element.${p.element}`)}</dt>
              <dd>{p.text}</dd>
            </Fragment>
          ))}
          <dt>{t('home.sensors.time')}</dt>
          <dd>
            {s.latest ? formatDateTime(s.latest.time, timeZone, i18n.language) : t('home.sensors.never')}
          </dd>
        </dl>
      </div>
    </MapPopup>
  );
}

interface DevicePopupProps {
  device: Device;
  lngLat: [number, number];
  timeZone: string;
  onClose: () => void;
}

/** A detection device's name, status and last heartbeat. */
export function DevicePopup({ device: d, lngLat, timeZone, onClose }: DevicePopupProps) {
  const { t, i18n } = useTranslation();
  const name = nameIn(i18n.language, d);
  return (
    <MapPopup lngLat={lngLat} onClose={onClose} label={t('home.devices.popup', { name })}>
      <div className="disaster-details">
        <h2>
          <span className="legend-swatch" style={{ background: STATUS_COLOURS[d.status] }} />
          {name}
        </h2>
        <p className="disaster-level">{t(`device.status.${d.status}`)}</p>
        <dl className="stroke-facts">
          <dt>{t('home.devices.heartbeat')}</dt>
          <dd>
            {d.last_heartbeat_at
              ? formatDateTime(d.last_heartbeat_at, timeZone, i18n.language)
              : t('home.sensors.never')}
          </dd>
        </dl>
      </div>
    </MapPopup>
  );
}
