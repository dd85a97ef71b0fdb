import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DrawPolygonControls } from '../../../map/sites/draw-polygon-controls';
import { fromPolygon } from '../../../map/sites/polygon-draft';
import { PolygonPaste } from '../../../map/sites/polygon-paste';
import { type LocationDraft, pointFromText, type ShapeKind } from '../model/location-draft';
import { PointField } from './point-field';

const KINDS: ShapeKind[] = ['point', 'polygon', 'zone'];

type ShapeFields = Pick<LocationDraft, 'kind' | 'pointText' | 'point' | 'polygon' | 'holes' | 'zoneId'>;

interface ShapePickerProps {
  draft: ShapeFields;
  onChange: (patch: Partial<ShapeFields>) => void;
  /** The shape was typed or pasted (not drawn): the map can move to show it, with `patch` applied. */
  onShow: (patch: Partial<ShapeFields>) => void;
  zones: ZoneDto[] | undefined;
  /** The translated problem with the shape, if any. */
  problem: string | null;
}

/** Point, polygon or zone: how the location's shape is chosen, with what to do on the map for each. */
export function ShapePicker({ draft, onChange, onShow, zones, problem }: ShapePickerProps) {
  const { t } = useTranslation();
  const shapeProblem = draft.kind === 'point' ? null : problem;
  return (
    <fieldset className="shape-picker" aria-describedby={shapeProblem ? 'shape-problem' : undefined}>
      <legend>{t('location.shape.title')}</legend>
      <div className="shape-kinds" role="radiogroup">
        {KINDS.map((kind) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name="shape-kind"
              value={kind}
              checked={draft.kind === kind}
              onChange={() => onChange({ kind })}
            />
            {t(`location.kind.${kind}`)}
          </label>
        ))}
      </div>
      {draft.kind === 'point' && (
        <PointField
          draft={draft}
          onTextChange={(text) => onChange(pointFromText(text))}
          onCommit={() => onShow({})}
          problem={problem}
        />
      )}
      {draft.kind === 'polygon' && (
        <>
          <DrawPolygonControls draft={draft.polygon} onChange={(polygon) => onChange({ polygon })} />
          <PolygonPaste
            onPolygon={(geometry) => {
              const patch = { polygon: fromPolygon(geometry), holes: geometry.coordinates.slice(1) };
              onChange(patch);
              onShow(patch);
            }}
          />
        </>
      )}
      {draft.kind === 'zone' &&
        (zones && zones.length === 0 ? (
          <p className="draw-hint">
            {t('location.shape.no_zones')} <Link to="/geometry">{t('location.shape.go_to_zones')}</Link>
          </p>
        ) : (
          <div className="field">
            <label htmlFor="location-zone">{t('location.shape.zone')}</label>
            <select
              id="location-zone"
              value={draft.zoneId ?? ''}
              onChange={(event) =>
                onChange({ zoneId: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">{t('location.shape.choose_zone')}</option>
              {zones?.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.name}
                </option>
              ))}
            </select>
            <small className="field-hint">{t('location.shape.zone_hint')}</small>
          </div>
        ))}
      {shapeProblem && (
        <small id="shape-problem" className="field-error">
          {shapeProblem}
        </small>
      )}
    </fieldset>
  );
}
