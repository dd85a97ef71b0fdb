import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  /** The list's translation namespace: `<ns>.edit`, `.edit_of`, `.delete`, `.delete_of`, `.delete_confirm`. */
  ns: string;
  /** The row's name, for the buttons' accessible labels. */
  name: string;
  canEdit: boolean;
  onEdit: () => void;
  deleting: boolean;
  /** Starts the delete; `done` closes the question (call it when the delete succeeded or settled). */
  onDelete: (done: () => void) => void;
  /** Called when the question opens, e.g. to forget an earlier delete's error. */
  onAsk?: () => void;
}

/** Edit and delete buttons of a list row; delete asks "sure?" in place before it acts. */
export function RowActions({ ns, name, canEdit, onEdit, deleting, onDelete, onAsk }: RowActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <span className="confirm">
        {t(`${ns}.delete_confirm`)}
        <button
          type="button"
          className="button button-small button-danger"
          disabled={deleting}
          onClick={() => onDelete(() => setConfirming(false))}
        >
          {t('common.yes')}
        </button>
        <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
          {t('common.no')}
        </button>
      </span>
    );
  }
  if (!canEdit) return null;
  return (
    <>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={onEdit}
        aria-label={t(`${ns}.edit_of`, { name })}
      >
        {t(`${ns}.edit`)}
      </button>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() => {
          onAsk?.();
          setConfirming(true);
        }}
        aria-label={t(`${ns}.delete_of`, { name })}
      >
        {t(`${ns}.delete`)}
      </button>
    </>
  );
}
