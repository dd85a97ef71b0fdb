import { DataSheetScreen } from '../../features/data-sheet/components/data-sheet-screen';

export default function DataSheetRoute() {
  return <DataSheetScreen />;
}
