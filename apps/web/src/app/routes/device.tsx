import { DeviceScreen } from '../../features/device/components/device-screen';

export default function DeviceRoute() {
  return <DeviceScreen />;
}
