import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { Field } from '../../../components/field';
import { type AccessLogFilters, EMPTY_FILTERS, filtersKey } from '../hooks/use-access-log-filters';
import { AddressFilters } from '../model/address-filters';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface AccessLogFiltersFormProps {
  filters: AccessLogFilters;
  timeZone: string;
  onApply: (filters: AccessLogFilters) => void;
}

export function AccessLogFiltersForm({ filters, timeZone, onApply }: AccessLogFiltersFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof AccessLogFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  // Filters that arrive from outside (back, forward, a shared link) replace the draft; the ones this form
  // applied do not, so what is typed while the address catches up is kept.
  const incoming = filtersKey(filters);
  const address = useRef(new AddressFilters(incoming));
  useEffect(() => {
    if (address.current.arrived(incoming)) setDraft(filters);
  }, [incoming, filters]);
  const applyDraft = (next: AccessLogFilters) => {
    address.current.apply(filtersKey(next));
    onApply(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyDraft(draft);
  };

  return (
    <form className="panel form filters" onSubmit={onSubmit} aria-label={t('access_log.filters')}>
      <div className="form-grid form-grid-dense">
        <Field
          id="access-log-username"
          label={t('access_log.username')}
          value={draft.username}
          onValueChange={set('username')}
        />
        <Field
          id="access-log-path"
          label={t('access_log.path')}
          value={draft.path}
          onValueChange={set('path')}
        />
        <div className="field">
          <label htmlFor="access-log-method">{t('access_log.method')}</label>
          <select id="access-log-method" value={draft.method} onChange={(e) => set('method')(e.target.value)}>
            <option value="">{t('common.any')}</option>
            {METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </div>
        <Field
          id="access-log-status"
          label={t('access_log.status')}
          type="number"
          min={100}
          max={599}
          value={draft.status}
          onValueChange={set('status')}
        />
        <DateField
          id="access-log-from"
          label={t('access_log.from')}
          withTime
          value={draft.from}
          onValueChange={set('from')}
          hint={t('access_log.time_zone_hint', { zone: timeZone })}
          timeZone={timeZone}
        />
        <DateField
          id="access-log-to"
          label={t('access_log.to')}
          withTime
          defaultTime="23:59:59"
          value={draft.to}
          onValueChange={set('to')}
          timeZone={timeZone}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          {t('access_log.apply')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            applyDraft(EMPTY_FILTERS);
          }}
        >
          {t('access_log.clear')}
        </button>
      </div>
    </form>
  );
}
