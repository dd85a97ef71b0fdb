import { useTranslation } from 'react-i18next';
import { canFinish, EMPTY_DRAFT, finish, type PolygonDraft, undoVertex } from './polygon-draft';

interface DrawPolygonControlsProps {
  draft: PolygonDraft;
  onChange: (draft: PolygonDraft) => void;
}

/** What to do next on the map, how many vertices there are, and the buttons that go with <DrawPolygon>. */
export function DrawPolygonControls({ draft, onChange }: DrawPolygonControlsProps) {
  const { t } = useTranslation();
  const count = draft.vertices.length;
  return (
    <div className="draw-controls">
      <p className="draw-hint">{draft.closed ? t('map.draw.hint_edit') : t('map.draw.hint_draw')}</p>
      <div className="draw-actions">
        <output className="badge badge-muted" aria-live="polite" data-testid="vertex-count">
          {t('map.draw.vertices', { count })}
        </output>
        {!draft.closed && (
          <>
            <button
              type="button"
              className="button button-small"
              disabled={!canFinish(draft)}
              onClick={() => onChange(finish(draft))}
            >
              {t('map.draw.finish')}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={count === 0}
              onClick={() => onChange(undoVertex(draft))}
            >
              {t('map.draw.undo')}
            </button>
          </>
        )}
        {count > 0 && (
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => onChange(EMPTY_DRAFT)}
          >
            {t('map.draw.redraw')}
          </button>
        )}
      </div>
    </div>
  );
}
