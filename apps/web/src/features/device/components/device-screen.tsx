import { DEVICE_KINDS, DEVICE_STATUSES } from '@thunderwatch/shared/device-kinds';
import type { DeviceKind, DeviceStatusName } from '@thunderwatch/shared/schemas/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { can, useCurrentUser } from '../../../lib/current-user';
import { useDevices } from '../../../lib/devices';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { MapWorkspace } from '../../../map/map-workspace';
import { DeviceDrawer } from './device-drawer';
import { DeviceForm } from './device-form';
import { DeviceMap } from './device-map';
import { DeviceTable } from './device-table';
import '../device.css';

/**
 * Devices: my group's detection stations and field sensors in a table with status chips (filtered by status
 * and kind) and on the map; a row or a dot opens the drawer with its heartbeat, uptime and status history.
 */
export function DeviceScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const [status, setStatus] = useState<DeviceStatusName | ''>('');
  const [kind, setKind] = useState<DeviceKind | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const manage = can(user.data, 'device.manage');
  const devices = useDevices({ ...(status ? { status } : {}), ...(kind ? { kind } : {}) });
  const counts = Object.fromEntries(
    DEVICE_STATUSES.map((s) => [s, devices.data?.items.filter((d) => d.status === s).length ?? 0]),
  );
  return (
    <MapWorkspace
      title={t('screens.device')}
      map={<DeviceMap devices={devices.data?.items} onOpen={setOpen} ready={!devices.isPending} />}
    >
      <p className="page-intro">{t('device.intro')}</p>
      <ErrorMessage error={devices.error} />
      {manage && !adding && (
        <div>
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('device.form.add')}
          </button>
        </div>
      )}
      {adding && (
        <DeviceForm
          onDone={(id) => {
            setAdding(false);
            if (id) setOpen(id);
          }}
        />
      )}
      {open && (
        <DeviceDrawer
          key={open}
          id={open}
          timeZone={timeZone}
          canManage={manage}
          onClose={() => setOpen(null)}
        />
      )}
      <div className="device-filters">
        <label>
          <span>{t('device.filters.status')}</span>
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as DeviceStatusName | '')}
            data-testid="device-status-filter"
          >
            <option value="">{t('device.filters.all')}</option>
            {DEVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`device.status.${s}`)}
                {status === '' ? ` (${counts[s]})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('device.filters.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as DeviceKind | '')}>
            <option value="">{t('device.filters.all')}</option>
            {DEVICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`device.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DeviceTable devices={devices.data?.items} timeZone={timeZone} onOpen={setOpen} />
    </MapWorkspace>
  );
}
