import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the geometry screen is built; it shows no data. */
export default function GeometryRoute() {
  return <NotAvailablePanel screen="geometry" />;
}
