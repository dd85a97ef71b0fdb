import { nameIn } from '@thunderwatch/shared/names';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useCreateLocation } from '../api/create-location';
import { useUpdateLocation } from '../api/update-location';
import { type DraftProblem, draftToInput, type LocationDraft } from '../model/location-draft';
import { timeZoneChoices } from '../model/time-zones';
import { CoveragePanel } from './coverage-panel';
import { LocationGroupField } from './location-group-field';
import { pointProblemText } from './point-field';
import { PredictEditor } from './predict-editor';
import { RingsEditor } from './rings-editor';
import { ShapePicker } from './shape-picker';

/** A client-side problem in the user's language, naming the ring and field when it is about a ring. */
export function problemText(t: TFunction, problem: DraftProblem): string {
  if (problem.key.startsWith('point.')) return pointProblemText(t, problem);
  const ring = /^rings\/(\d+)\/(\w+)$/.exec(problem.field);
  const text = t(`location.problem.${problem.key}`, problem.params);
  if (!ring) return text;
  return t('location.problem.in_ring', {
    ring: Number(ring[1]) + 1,
    field: t(`location.rings.${ring[2]}`),
    problem: text,
  });
}

interface LocationFormProps {
  /** The location being edited; null for a new one. */
  location: LocationDto | null;
  draft: LocationDraft;
  onDraftChange: (draft: LocationDraft) => void;
  /** Moves the map to show the draft with `patch` applied (after a typed point or a pasted polygon). */
  onShowDraft: (patch: Partial<LocationDraft>) => void;
  zones: ZoneDto[] | undefined;
  onDone: (saved: LocationDto | null) => void;
}

/** Name, time zone, enabled, shape and rings of one location; the shape is set on the map beside it. */
export function LocationForm({
  location,
  draft,
  onDraftChange,
  onShowDraft,
  zones,
  onDone,
}: LocationFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateLocation();
  const user = useCurrentUser().data;
  // A new site goes into my group unless an admin chooses another; an existing one stays in its own.
  const [groupId, setGroupId] = useState<number | null>(location?.group_id ?? null);
  const groupName = (g: { name: string; name_en: string | null }) => nameIn(i18n.language, g);
  const update = useUpdateLocation();
  const [checked, setChecked] = useState(false);
  const result = draftToInput(draft);
  const problems = checked ? result.problems : [];
  const mutation = location ? update : create;
  const serverFields = isApiError(mutation.error) ? mutation.error.details.map((d) => d.field) : [];
  const invalid = new Set([...problems.map((p) => p.field), ...serverFields]);
  const problemOf = (...fields: string[]) => {
    const found = problems.find((p) => fields.includes(p.field));
    return found ? problemText(t, found) : null;
  };
  const ringProblems = problems.filter((p) => p.field.startsWith('rings'));
  const set = (patch: Partial<LocationDraft>) => onDraftChange({ ...draft, ...patch });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!result.input) return;
    if (location) update.mutate({ id: location.id, input: result.input }, { onSuccess: onDone });
    else create.mutate({ input: result.input, groupId }, { onSuccess: onDone });
  };

  return (
    <form className="form location-form" onSubmit={onSubmit} noValidate aria-labelledby="location-form-title">
      <h2 id="location-form-title">
        {location
          ? t('location.form.edit_title', { name: nameIn(i18n.language, location) })
          : t('location.form.new_title')}
      </h2>
      {location && <CoveragePanel locationId={location.id} />}
      <div className="form-grid form-grid-dense">
        {user && (
          <LocationGroupField
            value={groupId}
            ownGroup={{ id: user.group.id, name: groupName(user.group) }}
            isAdmin={user.role === 'admin'}
            choosable={!location && user.role === 'admin'}
            onChange={setGroupId}
          />
        )}
        <Field
          id="location-name"
          label={t('location.form.name')}
          value={draft.name}
          onValueChange={(name) => set({ name })}
          maxLength={100}
          required
          error={problemOf('name')}
        />
        <Field
          id="location-name-en"
          label={t('location.form.name_en')}
          hint={t('location.form.name_en_hint')}
          value={draft.name_en}
          onValueChange={(name_en) => set({ name_en })}
          maxLength={100}
          error={problemOf('name_en')}
        />
        <div className="field">
          <label htmlFor="location-time-zone">{t('location.form.time_zone')}</label>
          <select
            id="location-time-zone"
            value={draft.time_zone}
            onChange={(event) => set({ time_zone: event.target.value })}
          >
            {timeZoneChoices(draft.time_zone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        <Field
          id="location-wave-alert"
          label={t('location.form.wave_alert')}
          hint={t('location.form.wave_alert_hint')}
          value={draft.wave_alert_m}
          onValueChange={(wave_alert_m) => set({ wave_alert_m })}
          inputMode="decimal"
          error={problemOf('wave_alert_cm')}
        />
        <Field
          id="location-airport-icao"
          label={t('location.form.airport_icao')}
          hint={t('location.form.airport_icao_hint')}
          value={draft.airport_icao}
          onValueChange={(airport_icao) => set({ airport_icao })}
          maxLength={4}
          autoCapitalize="characters"
          error={problemOf('airport_icao')}
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.is_airport}
          onChange={(event) => set({ is_airport: event.target.checked })}
        />
        {t('location.form.is_airport')}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        {t('location.form.enabled')}
      </label>
      <ShapePicker
        draft={draft}
        onChange={set}
        onShow={onShowDraft}
        zones={zones}
        problem={problemOf('shape', 'zone_id')}
      />
      <RingsEditor rings={draft.rings} onChange={(rings) => set({ rings })} invalid={invalid} />
      {ringProblems.length > 0 && (
        <ul className="field-error location-problems">
          {ringProblems.map((problem) => (
            <li key={`${problem.field}:${problem.key}`}>{problemText(t, problem)}</li>
          ))}
        </ul>
      )}
      <PredictEditor
        predict={draft.predict}
        onChange={(predict) => set({ predict })}
        rangeProblem={problemOf('predict/range_km')}
      />
      <ErrorMessage error={mutation.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {location ? t('location.form.save') : t('location.form.create')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
