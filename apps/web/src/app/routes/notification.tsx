import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the notification screen is built; it shows no data. */
export default function NotificationRoute() {
  return <NotAvailablePanel screen="notification" />;
}
