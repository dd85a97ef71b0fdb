import { CELL_LIFECYCLES } from '@thunderwatch/shared/cell-lifecycles';
import { useTranslation } from 'react-i18next';
import { JUMP_COLOR, LIFECYCLE_COLORS } from '../../../map/cells/cell-features';
import '../cells.css';

/** The cell layer's key: stage colours, the jump mark, tracks and nowcast cones. */
export function CellLegend() {
  const { t } = useTranslation();
  return (
    <ul className="cell-legend" aria-label={t('home.layers.cells_legend')}>
      {CELL_LIFECYCLES.map((stage) => (
        <li key={stage}>
          <span className="legend-swatch" style={{ background: LIFECYCLE_COLORS[stage] }} />
          {t(`home.cell.lifecycle_${stage}`)}
        </li>
      ))}
      <li>
        <span className="legend-swatch cell-legend-jump" style={{ borderColor: JUMP_COLOR }} />
        {t('home.cell.jump')}
      </li>
      <li>
        <span className="cell-legend-track" />
        {t('home.layers.cells_track')}
      </li>
      <li>
        <span className="legend-swatch cell-legend-cone" />
        {t('home.layers.cells_cone')}
      </li>
    </ul>
  );
}
