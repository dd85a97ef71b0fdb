import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the distribute screen is built; it shows no data. */
export default function DistributeRoute() {
  return <NotAvailablePanel screen="distribute" />;
}
