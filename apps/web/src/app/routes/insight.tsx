import { InsightScreen } from '../../features/insight/components/insight-screen';

export default function InsightRoute() {
  return <InsightScreen />;
}
