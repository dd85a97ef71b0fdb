import { WaveScreen } from '../../features/wave/components/wave-screen';

export default function WaveRoute() {
  return <WaveScreen />;
}
