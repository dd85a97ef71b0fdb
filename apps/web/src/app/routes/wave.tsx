import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the wave screen is built; it shows no data. */
export default function WaveRoute() {
  return <NotAvailablePanel screen="wave" />;
}
