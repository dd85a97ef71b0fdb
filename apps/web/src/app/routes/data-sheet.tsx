import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the data_sheet screen is built; it shows no data. */
export default function DataSheetRoute() {
  return <NotAvailablePanel screen="data_sheet" />;
}
