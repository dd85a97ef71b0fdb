import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the location screen is built; it shows no data. */
export default function LocationRoute() {
  return <NotAvailablePanel screen="location" />;
}
