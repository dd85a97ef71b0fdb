import { type Language, SUPPORTED_LANGUAGES } from '@thunderwatch/shared/languages';
import { nameIn } from '@thunderwatch/shared/names';
import { CHANNELS } from '@thunderwatch/shared/notifications';
import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { isApiError } from '../../../lib/api-error';
import { useAddList } from '../api/add-list';
import { useUpdateList } from '../api/update-list';
import {
  type DistributionDraft,
  type DraftProblem,
  draftFromList,
  draftToInput,
  newDistributionDraft,
} from '../model/distribution-draft';
import { listName } from '../model/list-name';
import { RecipientsEditor } from './recipients-editor';

/** A client-side problem in the user's language, naming the field (and the recipient row) it is about. */
export function problemText(t: TFunction, problem: DraftProblem): string {
  const row = /^(recipients|escalate_to)\/(\d+)\/(value|secret)$/.exec(problem.field);
  const field = row
    ? t(`distribute.field.${row[1]}_row`, { n: Number(row[2]) + 1 })
    : t(`distribute.field.${problem.field.replace('/', '_')}`);
  return t('distribute.problem.in_field', { field, problem: t(`distribute.problem.${problem.key}`) });
}

interface DistributionFormProps {
  /** The list being edited; null for a new one. */
  list: DistributionList | null;
  /** The group the list belongs to (a new list: the caller's): whose users may be picked. */
  groupId: number;
  locations: LocationDto[];
  onDone: () => void;
}

/** Name, locations, minimum level, channels, recipients, quiet hours and escalation of one list. */
export function DistributionForm({ list, groupId, locations, onDone }: DistributionFormProps) {
  const { t, i18n } = useTranslation();
  const add = useAddList();
  const update = useUpdateList();
  const [draft, setDraft] = useState<DistributionDraft>(() =>
    list ? draftFromList(list, listName(t, list)) : newDistributionDraft(),
  );
  const [checked, setChecked] = useState(false);
  const result = draftToInput(draft);
  const problems = checked ? result.problems : [];
  const mutation = list ? update : add;
  const serverFields = isApiError(mutation.error) ? mutation.error.details.map((d) => d.field) : [];
  const invalid = new Set([...problems.map((p) => p.field), ...serverFields]);
  const set = (patch: Partial<DistributionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const toggle = <T,>(items: T[], item: T, on: boolean) =>
    on ? [...items.filter((i) => i !== item), item] : items.filter((i) => i !== item);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!result.input) return;
    if (list) update.mutate({ id: list.id, input: result.input }, { onSuccess: onDone });
    else add.mutate(result.input, { onSuccess: onDone });
  };

  return (
    <form
      className="form distribute-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="distribute-form-title"
    >
      <h2 id="distribute-form-title">
        {list ? t('distribute.form.edit_title', { name: listName(t, list) }) : t('distribute.form.new_title')}
      </h2>
      <div className="form-grid form-grid-dense">
        <Field
          id="distribute-name"
          label={t('distribute.form.name')}
          value={draft.name}
          onValueChange={(name) => set({ name })}
          maxLength={100}
          required
        />
        <div className="field">
          <label htmlFor="distribute-min-level">{t('distribute.form.min_level')}</label>
          <select
            id="distribute-min-level"
            value={draft.minLevel}
            onChange={(event) => set({ minLevel: Number(event.target.value) as 1 | 2 | 3 })}
          >
            {([1, 2, 3] as const).map((level) => (
              <option key={level} value={level}>
                {t(`distribute.level.${level}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="distribute-language">{t('distribute.form.language')}</label>
          <select
            id="distribute-language"
            aria-describedby="distribute-language-hint"
            value={draft.language}
            onChange={(event) => set({ language: event.target.value as Language | '' })}
          >
            <option value="">{t('distribute.form.language_default')}</option>
            {SUPPORTED_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
          <p className="field-hint" id="distribute-language-hint">
            {t('distribute.form.language_hint')}
          </p>
        </div>
      </div>

      <fieldset aria-invalid={invalid.has('locations') || undefined}>
        <legend>{t('distribute.form.locations')}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.allLocations}
            onChange={(event) => set({ allLocations: event.target.checked })}
          />
          {t('distribute.form.all_locations')}
        </label>
        {!draft.allLocations && (
          <select
            multiple
            aria-label={t('distribute.form.choose_locations')}
            className="distribute-locations"
            value={draft.locations.map(String)}
            onChange={(event) =>
              set({ locations: Array.from(event.target.selectedOptions, (option) => Number(option.value)) })
            }
          >
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {nameIn(i18n.language, location)}
              </option>
            ))}
          </select>
        )}
      </fieldset>

      <fieldset>
        <legend>{t('distribute.form.channels')}</legend>
        <div className="distribute-channels">
          {CHANNELS.map((channel) => (
            <label className="checkbox" key={channel}>
              <input
                type="checkbox"
                checked={draft.channels.includes(channel)}
                onChange={(event) => set({ channels: toggle(draft.channels, channel, event.target.checked) })}
              />
              {t(`distribute.channel.${channel}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <RecipientsEditor
        listId={list?.id}
        field="recipients"
        legend={t('distribute.form.recipients')}
        rows={draft.recipients}
        channels={draft.channels}
        groupId={groupId}
        onChange={(recipients) => set({ recipients })}
        invalid={invalid}
      />

      <fieldset>
        <legend>{t('distribute.form.quiet_hours')}</legend>
        <p className="field-hint">{t('distribute.form.quiet_hint')}</p>
        <div className="form-grid form-grid-dense">
          <Field
            id="distribute-quiet-from"
            label={t('distribute.form.quiet_from')}
            value={draft.quietFrom}
            onValueChange={(quietFrom) => set({ quietFrom })}
            placeholder="22:00"
            inputMode="numeric"
          />
          <Field
            id="distribute-quiet-to"
            label={t('distribute.form.quiet_to')}
            value={draft.quietTo}
            onValueChange={(quietTo) => set({ quietTo })}
            placeholder="06:00"
            inputMode="numeric"
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('distribute.form.escalation')}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.escalate}
            onChange={(event) => set({ escalate: event.target.checked })}
          />
          {t('distribute.form.escalate')}
        </label>
        {draft.escalate && (
          <>
            <Field
              id="distribute-escalate-after"
              label={t('distribute.form.escalate_after')}
              value={draft.escalateAfter}
              onValueChange={(escalateAfter) => set({ escalateAfter })}
              inputMode="numeric"
            />
            <RecipientsEditor
              listId={list?.id}
              field="escalate_to"
              legend={t('distribute.form.escalate_to')}
              rows={draft.escalateTo}
              channels={draft.channels}
              groupId={groupId}
              onChange={(escalateTo) => set({ escalateTo })}
              invalid={invalid}
            />
          </>
        )}
      </fieldset>

      {problems.length > 0 && (
        <ul className="field-error distribute-problems" role="alert">
          {problems.map((problem) => (
            <li key={`${problem.field}:${problem.key}`}>{problemText(t, problem)}</li>
          ))}
        </ul>
      )}
      <ErrorMessage error={mutation.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {list ? t('distribute.form.save') : t('distribute.form.create')}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
