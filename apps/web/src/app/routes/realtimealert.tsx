import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the realtimealert screen is built; it shows no data. */
export default function RealtimealertRoute() {
  return <NotAvailablePanel screen="realtimealert" />;
}
