import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the home screen is built; it shows no data. */
export default function HomeRoute() {
  return <NotAvailablePanel screen="home" />;
}
