import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the statistics_query screen is built; it shows no data. */
export default function StatisticsQueryRoute() {
  return <NotAvailablePanel screen="statistics_query" />;
}
