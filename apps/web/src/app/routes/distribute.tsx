import { DistributeScreen } from '../../features/distribute/components/distribute-screen';

export default function DistributeRoute() {
  return <DistributeScreen />;
}
