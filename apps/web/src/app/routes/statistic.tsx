import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the statistic screen is built; it shows no data. */
export default function StatisticRoute() {
  return <NotAvailablePanel screen="statistic" />;
}
