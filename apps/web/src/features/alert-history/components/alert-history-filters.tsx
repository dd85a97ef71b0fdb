import { nameIn } from '@thunderwatch/shared/names';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { type AlertFilters, EMPTY_ALERT_FILTERS } from '../model/alert-filters';

interface AlertHistoryFiltersProps {
  filters: AlertFilters;
  locations: LocationDto[];
  /** Group names by id, for those who may choose a group (admins); null for everyone else. */
  groups: Map<number, string> | null;
  timeZone: string;
  onApply: (filters: AlertFilters) => void;
}

/**
 * The filters as a draft applied at once: the screen keys this form by the address's filters, so filters
 * arriving from outside (Back, a shared link) replace the draft.
 */
export function AlertHistoryFilters({
  filters,
  locations,
  groups,
  timeZone,
  onApply,
}: AlertHistoryFiltersProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof AlertFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const choices = locations
    .filter((l) => !draft.group || String(l.group_id) === draft.group)
    .map((l) => ({ id: l.id, name: nameIn(i18n.language, l) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form className="panel form filters" onSubmit={onSubmit} aria-label={t('alert_history.filters')}>
      <div className="form-grid form-grid-dense">
        {groups && (
          <div className="field">
            <label htmlFor="ah-group">{t('alert_history.group')}</label>
            <select
              id="ah-group"
              value={draft.group}
              onChange={(e) => setDraft((d) => ({ ...d, group: e.target.value, location: '' }))}
            >
              <option value="">{t('alert_history.all_groups')}</option>
              {[...groups].map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="ah-location">{t('alert_history.location')}</label>
          <select id="ah-location" value={draft.location} onChange={(e) => set('location')(e.target.value)}>
            <option value="">{t('alert_history.all_locations')}</option>
            {choices.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ah-level">{t('alert_history.peak_level')}</label>
          <select id="ah-level" value={draft.level} onChange={(e) => set('level')(e.target.value)}>
            <option value="">{t('common.any')}</option>
            {[1, 2, 3].map((level) => (
              <option key={level} value={level}>
                {t(`alert_history.level.${level}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ah-predicted">{t('alert_history.predicted')}</label>
          <select
            id="ah-predicted"
            value={draft.predicted}
            onChange={(e) => set('predicted')(e.target.value)}
          >
            <option value="">{t('common.any')}</option>
            <option value="true">{t('alert_history.predicted_yes')}</option>
            <option value="false">{t('alert_history.predicted_no')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="ah-state">{t('alert_history.state')}</label>
          <select id="ah-state" value={draft.state} onChange={(e) => set('state')(e.target.value)}>
            <option value="">{t('common.any')}</option>
            <option value="open">{t('alert_history.state_open')}</option>
            <option value="closed">{t('alert_history.state_closed')}</option>
          </select>
        </div>
        <DateField
          id="ah-from"
          label={t('alert_history.from')}
          value={draft.from}
          onValueChange={set('from')}
          hint={t('alert_history.days_hint', { zone: timeZone })}
          timeZone={timeZone}
        />
        <DateField
          id="ah-to"
          label={t('alert_history.to')}
          value={draft.to}
          onValueChange={set('to')}
          timeZone={timeZone}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          {t('alert_history.apply')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setDraft(EMPTY_ALERT_FILTERS);
            onApply(EMPTY_ALERT_FILTERS);
          }}
        >
          {t('alert_history.clear')}
        </button>
      </div>
    </form>
  );
}
