import { LocationScreen } from '../../features/location/components/location-screen';

export default function LocationRoute() {
  return <LocationScreen />;
}
