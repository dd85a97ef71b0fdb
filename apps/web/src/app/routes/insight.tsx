import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the insight screen is built; it shows no data. */
export default function InsightRoute() {
  return <NotAvailablePanel screen="insight" />;
}
