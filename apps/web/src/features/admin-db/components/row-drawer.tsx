import type { AdminDbColumn } from '@thunderwatch/shared/schemas/admin-db';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useAdminItem, useEditAdminItem } from '../api/admin-db-api';
import { CellValue } from './cell-value';

interface RowDrawerProps {
  table: string;
  rowKey: string;
  writeEnabled: boolean;
  timeZone: string;
  onClose: () => void;
}

type Draft = Record<string, string | boolean>;

function draftOf(columns: AdminDbColumn[], row: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const c of columns.filter((x) => x.editable)) {
    const v = row[c.name];
    draft[c.name] = c.type === 'boolean' ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return draft;
}

/** One row in full, in a side drawer; its editable columns become a form when ADMIN_DB_WRITE is on. */
export function RowDrawer({ table, rowKey, writeEnabled, timeZone, onClose }: RowDrawerProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const item = useAdminItem(table, rowKey);
  const edit = useEditAdminItem();
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const columns = item.data?.table.columns ?? [];
  const row = item.data?.item ?? {};
  const editable = columns.filter((c) => c.editable);
  const canEdit = writeEnabled && editable.length > 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const before = draftOf(columns, row);
    const values: Record<string, unknown> = {};
    for (const c of editable) {
      if (draft[c.name] !== before[c.name]) values[c.name] = draft[c.name];
    }
    if (Object.keys(values).length === 0) return setDraft(null);
    edit.mutate({ table, key: rowKey, values }, { onSuccess: () => setDraft(null) });
  };

  return (
    <dialog
      ref={dialog}
      className="adb-drawer"
      aria-labelledby="adb-drawer-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="adb-drawer-head">
        <h2 id="adb-drawer-title">
          {table} <code>{rowKey}</code>
        </h2>
        <button type="button" className="button button-small button-secondary" onClick={onClose}>
          {t('admin_db.close')}
        </button>
      </div>
      <ErrorMessage error={item.error} />
      {item.data && draft === null && (
        <>
          <dl className="adb-fields">
            {columns.map((c) => (
              <div key={c.name}>
                <dt>
                  {c.name} <span className="muted">{c.type}</span>
                  {c.editable && <span className="badge badge-ok badge-after">{t('admin_db.editable')}</span>}
                </dt>
                <dd>
                  <CellValue column={c} value={row[c.name]} timeZone={timeZone} full />
                </dd>
              </div>
            ))}
          </dl>
          {canEdit && (
            <button type="button" className="button" onClick={() => setDraft(draftOf(columns, row))}>
              {t('admin_db.edit')}
            </button>
          )}
          {!writeEnabled && editable.length > 0 && <p className="muted">{t('admin_db.read_only_hint')}</p>}
        </>
      )}
      {draft !== null && (
        <form className="form" onSubmit={save}>
          {editable.map((c) =>
            c.type === 'boolean' ? (
              <label key={c.name} className="checkbox">
                <input
                  type="checkbox"
                  checked={draft[c.name] === true}
                  onChange={(e) => setDraft({ ...draft, [c.name]: e.target.checked })}
                />{' '}
                {c.name}
              </label>
            ) : (
              <div key={c.name} className="field">
                <label htmlFor={`adb-edit-${c.name}`}>{c.name}</label>
                <input
                  id={`adb-edit-${c.name}`}
                  value={String(draft[c.name] ?? '')}
                  onChange={(e) => setDraft({ ...draft, [c.name]: e.target.value })}
                />
              </div>
            ),
          )}
          <p className="muted">{t('admin_db.audit_hint')}</p>
          <ErrorMessage error={edit.error} />
          <div className="adb-filter-actions">
            <button type="submit" className="button" disabled={edit.isPending}>
              {t('admin_db.save')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
