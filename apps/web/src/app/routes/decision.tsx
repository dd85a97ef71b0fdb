import { DecisionScreen } from '../../features/decision/components/decision-screen';

export default function DecisionRoute() {
  return <DecisionScreen />;
}
