import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the decision screen is built; it shows no data. */
export default function DecisionRoute() {
  return <NotAvailablePanel screen="decision" />;
}
