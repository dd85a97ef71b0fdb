import { formatDmsCoordinates } from '@thunderwatch/domain/geo/coordinate-text';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftProblem, type LocationDraft, pointTextProblem } from '../model/location-draft';

/** A point problem in the user's language; `axis` (lat/lon) is a word of the interface too. */
export function pointProblemText(t: TFunction, problem: DraftProblem): string {
  const params = { ...problem.params };
  if (params.axis === 'lat' || params.axis === 'lon') params.axis = t(`location.point.axis_${params.axis}`);
  return t(`location.problem.${problem.key}`, params);
}

type PointFields = Pick<LocationDraft, 'point' | 'pointText'>;

interface PointFieldProps {
  draft: PointFields;
  onTextChange: (text: string) => void;
  /** A changed point was typed (the field is left, or Enter pressed): the map can move to it. */
  onCommit: () => void;
  /** The form's problem with the point once it was sent (no point, or a text naming none). */
  problem: string | null;
}

/**
 * The location's point as text: decimal degrees or degrees-minutes-seconds, in any order that letters
 * make clear; a click on the map fills it in. What was read is shown back in both notations.
 */
export function PointField({ draft, onTextChange, onCommit, problem }: PointFieldProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(false);
  const typed = left ? pointTextProblem(draft.pointText) : null;
  const error = problem ?? (typed ? pointProblemText(t, typed) : null);
  const committed = useRef(draft.pointText);
  const commit = () => {
    setLeft(true);
    if (draft.point && draft.pointText !== committed.current) onCommit();
    committed.current = draft.pointText;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter shows the point rather than sending the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };
  return (
    <div className="field point-field">
      <label htmlFor="location-point">{t('location.point.label')}</label>
      <input
        id="location-point"
        value={draft.pointText}
        onChange={(event) => onTextChange(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        placeholder="23.1291, 113.2644"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'location-point-hint location-point-error' : 'location-point-hint'}
      />
      <small id="location-point-hint" className="field-hint">
        {t('location.point.hint')}
      </small>
      {error ? (
        <small id="location-point-error" className="field-error" role="alert">
          {error}
        </small>
      ) : (
        <p className="draw-hint" aria-live="polite">
          {draft.point
            ? t('location.shape.point_at', {
                lat: draft.point[1].toFixed(4),
                lon: draft.point[0].toFixed(4),
                dms: formatDmsCoordinates(draft.point),
              })
            : t('location.shape.point_hint')}
        </p>
      )}
    </div>
  );
}
