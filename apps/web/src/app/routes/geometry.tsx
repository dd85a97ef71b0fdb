import { GeometryScreen } from '../../features/geometry/components/geometry-screen';

export default function GeometryRoute() {
  return <GeometryScreen />;
}
