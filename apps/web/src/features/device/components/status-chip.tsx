import type { DeviceStatusName } from '@thunderwatch/shared/schemas/devices';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../../map/devices/device-features';

/** A device status as a coloured chip. */
export function StatusChip({ status }: { status: DeviceStatusName }) {
  const { t } = useTranslation();
  return (
    <span className="device-chip" style={{ background: STATUS_COLOURS[status] }} data-status={status}>
      {t(`device.status.${status}`)}
    </span>
  );
}
