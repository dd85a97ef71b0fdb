import { AccessLogScreen } from '../../features/access-log/components/access-log-screen';

export default function AccessLogRoute() {
  return <AccessLogScreen />;
}
