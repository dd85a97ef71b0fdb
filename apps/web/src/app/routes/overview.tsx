import { OverviewScreen } from '../../features/overview/components/overview-screen';

export default function OverviewRoute() {
  return <OverviewScreen />;
}
