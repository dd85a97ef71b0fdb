import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { type CSSProperties, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatDateTime } from '../../../lib/time';
import { useConfirmAlarms } from '../api/confirm-alarm';

export const NOTE_MAX = 500;

interface ConfirmAlarmDialogProps {
  locationName: string;
  /** The alarms being confirmed, as they were when the dialog opened. */
  alarms: readonly AlarmDto[];
  /** Whether any of them is still unconfirmed (someone else may confirm them meanwhile). */
  stillPending: boolean;
  timeZone: string;
  onClose: () => void;
}

/** A modal that confirms a location's unconfirmed alarms with one note. */
export function ConfirmAlarmDialog({
  locationName,
  alarms,
  stillPending,
  timeZone,
  onClose,
}: ConfirmAlarmDialogProps) {
  const { t, i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const confirm = useConfirmAlarms();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ ids: alarms.map((a) => a.id), note }, { onSuccess: onClose });
  };

  return (
    <dialog
      ref={dialog}
      className="modal-dialog rta-dialog"
      aria-labelledby="rta-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="form" onSubmit={submit}>
        <h2 id="rta-dialog-title">{t('realtimealert.dialog.title', { name: locationName })}</h2>
        <ul className="rta-dialog-alarms">
          {alarms.map((alarm) => (
            <li key={alarm.id}>
              <span
                className={`rta-level-chip rta-level-${alarm.level}`}
                style={{ '--level-colour': LEVEL_COLOURS[alarm.level] } as CSSProperties}
              >
                {t(`realtimealert.level.${alarm.level}`)}
                {alarm.predicted_by && ` · ${t('realtimealert.predicted')}`}
              </span>{' '}
              {t('realtimealert.dialog.raised', {
                time: formatDateTime(alarm.created_at, timeZone, i18n.language),
              })}
            </li>
          ))}
        </ul>
        {!stillPending && (
          <p className="alert alert-info" role="status">
            {t('realtimealert.dialog.confirmed_elsewhere')}
          </p>
        )}
        <div className="field">
          <label htmlFor="rta-note">{t('realtimealert.dialog.note')}</label>
          <textarea
            id="rta-note"
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('realtimealert.dialog.note_hint')}
          />
        </div>
        <ErrorMessage error={confirm.error} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={confirm.isPending}>
            {t('realtimealert.dialog.confirm')}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
