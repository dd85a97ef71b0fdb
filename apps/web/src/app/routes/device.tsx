import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the device screen is built; it shows no data. */
export default function DeviceRoute() {
  return <NotAvailablePanel screen="device" />;
}
