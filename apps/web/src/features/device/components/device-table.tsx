import { nameIn } from '@thunderwatch/shared/names';
import type { Device } from '@thunderwatch/shared/schemas/devices';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { formatDateTime } from '../../../lib/time';
import { StatusChip } from './status-chip';

interface DeviceTableProps {
  devices: readonly Device[] | undefined;
  timeZone: string;
  onOpen: (id: string) => void;
}

/** The devices with their status chips and last heartbeat; a row opens the device's drawer. */
export function DeviceTable({ devices, timeZone, onOpen }: DeviceTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table-dense" data-testid="device-table">
        <thead>
          <tr>
            <th>{t('device.columns.device')}</th>
            <th>{t('device.columns.status')}</th>
            <th>{t('device.columns.last_heartbeat')}</th>
          </tr>
        </thead>
        <tbody>
          <EmptyTableRow
            empty={!devices || devices.length === 0}
            loading={!devices}
            columns={3}
            emptyText={t('device.none')}
          />
          {devices?.map((d) => (
            <tr key={d.id} data-device={d.id}>
              <td>
                <button type="button" className="device-open" onClick={() => onOpen(d.id)}>
                  {nameIn(i18n.language, d)}
                </button>
                <div className="muted">
                  {d.id} · {t(`device.kind.${d.kind}`)}
                </div>
              </td>
              <td>
                <StatusChip status={d.status} />
              </td>
              <td className="nowrap">
                {d.last_heartbeat_at ? formatDateTime(d.last_heartbeat_at, timeZone, i18n.language) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
