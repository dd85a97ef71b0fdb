import { AlertHistoryScreen } from '../../features/alert-history/components/alert-history-screen';

export default function AlertHistoryRoute() {
  return <AlertHistoryScreen />;
}
