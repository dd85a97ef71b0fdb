import { StatisticsQueryScreen } from '../../features/statistics-query/components/statistics-query-screen';

export default function StatisticsQueryRoute() {
  return <StatisticsQueryScreen />;
}
