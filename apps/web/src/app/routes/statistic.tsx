import { StatisticScreen } from '../../features/statistic/components/statistic-screen';

export default function StatisticRoute() {
  return <StatisticScreen />;
}
