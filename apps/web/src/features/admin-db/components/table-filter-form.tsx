import type { AdminDbColumn } from '@thunderwatch/shared/schemas/admin-db';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowFilter {
  column: string;
  op: 'eq' | 'contains' | 'range';
  value: string;
  from: string;
  to: string;
}

export const NO_FILTER: RowFilter = { column: '', op: 'eq', value: '', from: '', to: '' };

const RANGE_TYPES = ['integer', 'number', 'timestamp', 'date'];
const CONTAINS_TYPES = ['text', 'json', 'array'];

function opsOf(column: AdminDbColumn | undefined): RowFilter['op'][] {
  if (!column) return ['eq'];
  const ops: RowFilter['op'][] = [];
  if (!['json', 'array'].includes(column.type)) ops.push('eq');
  if (CONTAINS_TYPES.includes(column.type)) ops.push('contains');
  if (RANGE_TYPES.includes(column.type)) ops.push('range');
  return ops;
}

interface TableFilterFormProps {
  columns: AdminDbColumn[];
  filter: RowFilter;
  onApply: (filter: RowFilter) => void;
}

/** Filter by one column: equals, contains (text) or a range (numbers, times in ISO 8601, days). */
export function TableFilterForm({ columns, filter, onApply }: TableFilterFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  const queryable = columns.filter((c) => c.queryable);
  const column = queryable.find((c) => c.name === draft.column);
  const ops = opsOf(column);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft.column ? draft : NO_FILTER);
  };
  const hint =
    column?.type === 'timestamp'
      ? t('admin_db.time_hint')
      : column?.type === 'date'
        ? t('admin_db.day_hint')
        : undefined;
  return (
    <form className="adb-filter" onSubmit={submit} aria-label={t('admin_db.filter')}>
      <div className="field">
        <label htmlFor="adb-column">{t('admin_db.column')}</label>
        <select
          id="adb-column"
          value={draft.column}
          onChange={(e) => {
            const next = queryable.find((c) => c.name === e.target.value);
            setDraft({ ...draft, column: e.target.value, op: opsOf(next)[0] ?? 'eq' });
          }}
        >
          <option value="">{t('admin_db.any_column')}</option>
          {queryable.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="adb-op">{t('admin_db.op')}</label>
        <select
          id="adb-op"
          value={draft.op}
          disabled={!column}
          onChange={(e) => setDraft({ ...draft, op: e.target.value as RowFilter['op'] })}
        >
          {ops.map((op) => (
            <option key={op} value={op}>
              {t(`admin_db.ops.${op}`)}
            </option>
          ))}
        </select>
      </div>
      {draft.op === 'range' ? (
        <>
          <div className="field">
            <label htmlFor="adb-from">{t('admin_db.from')}</label>
            <input
              id="adb-from"
              value={draft.from}
              maxLength={64}
              placeholder={hint}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="adb-to">{t('admin_db.to')}</label>
            <input
              id="adb-to"
              value={draft.to}
              maxLength={64}
              placeholder={hint}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
        </>
      ) : (
        <div className="field">
          <label htmlFor="adb-value">{t('admin_db.value')}</label>
          <input
            id="adb-value"
            value={draft.value}
            maxLength={200}
            disabled={!column}
            placeholder={hint}
            onChange={(e) => setDraft({ ...draft, value: e.target.value })}
          />
        </div>
      )}
      <div className="adb-filter-actions">
        <button type="submit" className="button">
          {t('admin_db.apply')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setDraft(NO_FILTER);
            onApply(NO_FILTER);
          }}
        >
          {t('admin_db.clear')}
        </button>
      </div>
    </form>
  );
}
