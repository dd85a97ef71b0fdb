import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the overview screen is built; it shows no data. */
export default function OverviewRoute() {
  return <NotAvailablePanel screen="overview" />;
}
