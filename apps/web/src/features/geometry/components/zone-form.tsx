import type { PolygonGeometry, Position } from '@thunderwatch/shared/schemas/geo';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { DrawPolygonControls } from '../../../map/sites/draw-polygon-controls';
import { fromPolygon, type PolygonDraft, toPolygon } from '../../../map/sites/polygon-draft';
import { PolygonPaste } from '../../../map/sites/polygon-paste';
import { useCreateZone } from '../api/create-zone';
import { useUpdateZone } from '../api/update-zone';

export interface ZoneDraft {
  name: string;
  polygon: PolygonDraft;
  /** Holes of a saved zone: kept, only the outer ring is edited on the map. */
  holes: Position[][];
}

interface ZoneFormProps {
  /** The zone being edited; null for a new one. */
  zone: ZoneDto | null;
  draft: ZoneDraft;
  onDraftChange: (draft: ZoneDraft) => void;
  /** A polygon was pasted: the map can move to show it. */
  onShowPolygon: (polygon: PolygonGeometry) => void;
  onDone: (saved: ZoneDto | null) => void;
}

/** A zone's name and its polygon, drawn or edited on the map beside the form. */
export function ZoneForm({ zone, draft, onDraftChange, onShowPolygon, onDone }: ZoneFormProps) {
  const { t } = useTranslation();
  const create = useCreateZone();
  const update = useUpdateZone();
  const mutation = zone ? update : create;
  const [checked, setChecked] = useState(false);
  const name = draft.name.trim();
  const geometry = toPolygon(draft.polygon, draft.holes);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!name || !geometry) return;
    const input = { name, geometry };
    if (zone) update.mutate({ id: zone.id, input }, { onSuccess: onDone });
    else create.mutate(input, { onSuccess: onDone });
  };

  return (
    <form className="form zone-form" onSubmit={onSubmit} noValidate aria-labelledby="zone-form-title">
      <h2 id="zone-form-title">
        {zone ? t('geometry.form.edit_title', { name: zone.name }) : t('geometry.form.new_title')}
      </h2>
      <Field
        id="zone-name"
        label={t('geometry.form.name')}
        value={draft.name}
        onValueChange={(value) => onDraftChange({ ...draft, name: value })}
        maxLength={100}
        required
        error={checked && !name ? t('geometry.form.name_required') : null}
      />
      <fieldset
        className="zone-shape"
        aria-describedby={checked && !geometry ? 'zone-shape-problem' : undefined}
      >
        <legend>{t('geometry.form.shape')}</legend>
        <DrawPolygonControls
          draft={draft.polygon}
          onChange={(polygon) => onDraftChange({ ...draft, polygon })}
        />
        <PolygonPaste
          onPolygon={(geometry) => {
            onDraftChange({ ...draft, polygon: fromPolygon(geometry), holes: geometry.coordinates.slice(1) });
            onShowPolygon(geometry);
          }}
        />
        {checked && !geometry && (
          <small id="zone-shape-problem" className="field-error">
            {t('geometry.form.polygon_required')}
          </small>
        )}
      </fieldset>
      <ErrorMessage error={mutation.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {zone ? t('geometry.form.save') : t('geometry.form.create')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
