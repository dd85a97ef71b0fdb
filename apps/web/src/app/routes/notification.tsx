import { NotificationScreen } from '../../features/notification/components/notification-screen';

export default function NotificationRoute() {
  return <NotificationScreen />;
}
