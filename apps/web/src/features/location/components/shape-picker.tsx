import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DrawPolygonControls } from '../../../map/draw-polygon-controls';
import type { LocationDraft, ShapeKind } from '../model/location-draft';

const KINDS: ShapeKind[] = ['point', 'polygon', 'zone'];

type ShapeFields = Pick<LocationDraft, 'kind' | 'point' | 'polygon' | 'zoneId'>;

interface ShapePickerProps {
  draft: ShapeFields;
  onChange: (patch: Partial<ShapeFields>) => void;
  zones: ZoneDto[] | undefined;
  /** The translated problem with the shape, if any. */
  problem: string | null;
}

/** Point, polygon or zone: how the location's shape is chosen, with what to do on the map for each. */
export function ShapePicker({ draft, onChange, zones, problem }: ShapePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="shape-picker" aria-describedby={problem ? 'shape-problem' : undefined}>
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
        <p className="draw-hint" aria-live="polite">
          {draft.point
            ? t('location.shape.point_at', {
                lat: draft.point[1].toFixed(4),
                lon: draft.point[0].toFixed(4),
              })
            : t('location.shape.point_hint')}
        </p>
      )}
      {draft.kind === 'polygon' && (
        <DrawPolygonControls draft={draft.polygon} onChange={(polygon) => onChange({ polygon })} />
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
      {problem && (
        <small id="shape-problem" className="field-error">
          {problem}
        </small>
      )}
    </fieldset>
  );
}
