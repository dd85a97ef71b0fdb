import { RealtimealertScreen } from '../../features/realtimealert/components/realtimealert-screen';

export default function RealtimealertRoute() {
  return <RealtimealertScreen />;
}
