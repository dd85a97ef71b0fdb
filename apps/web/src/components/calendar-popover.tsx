import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  addMonths,
  dateParts,
  formatLongDate,
  type IsoDate,
  monthGrid,
  monthTitle,
  weekdayNames,
  weekdayOf,
} from '../lib/calendar-dates';

interface CalendarPopoverProps {
  id: string;
  /** The date picked so far, if any. */
  value: IsoDate | '';
  today: IsoDate;
  /** Opens leftwards from the field's right edge. */
  alignRight?: boolean;
  onPick: (iso: IsoDate) => void;
  onClose: () => void;
}

/** Where each key moves the focused day. */
function keyTarget(key: string, focused: IsoDate): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(focused, -1);
    case 'ArrowRight':
      return addDays(focused, 1);
    case 'ArrowUp':
      return addDays(focused, -7);
    case 'ArrowDown':
      return addDays(focused, 7);
    case 'Home':
      return addDays(focused, -weekdayOf(focused));
    case 'End':
      return addDays(focused, 6 - weekdayOf(focused));
    case 'PageUp':
      return addMonths(focused, -1);
    case 'PageDown':
      return addMonths(focused, 1);
    default:
      return null;
  }
}

/**
 * A month of days to pick one from, named in the interface language (never the browser's). Keyboard as
 * the WAI-ARIA date picker dialog (a table of day buttons, the picked one pressed, one tab stop): arrows move by day and week, Page Up/Down by month, Home/End to the
 * week's ends, Enter or Space picks, Escape closes. Day buttons are large enough for a thumb.
 */
export function CalendarPopover({ id, value, today, alignRight, onPick, onClose }: CalendarPopoverProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [focused, setFocused] = useState<IsoDate>(value || today);
  const { year, month } = dateParts(focused) ?? { year: 1970, month: 1 };
  const grid = monthGrid(year, month);
  const gridRef = useRef<HTMLTableElement>(null);
  // True when the focus should follow the focused day: on opening and after a key.
  const moved = useRef(true);
  const titleId = `${id}-title`;

  // The focus goes to the day on opening, and follows keyboard moves (also across months).
  useEffect(() => {
    if (!moved.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-iso="${focused}"]`)?.focus();
  }, [focused]);

  const onGridKeyDown = (event: KeyboardEvent) => {
    const next = keyTarget(event.key, focused);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocused(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  const showMonth = (delta: number) => {
    moved.current = false;
    setFocused(addMonths(focused, delta));
  };

  return (
    <div
      id={id}
      className={alignRight ? 'calendar-popover calendar-popover-right' : 'calendar-popover'}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className="calendar-header">
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={t('date_field.previous_month')}
          onClick={() => showMonth(-1)}
        >
          ‹
        </button>
        <h2 id={titleId} className="calendar-title" aria-live="polite">
          {monthTitle(year, month, language)}
        </h2>
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={t('date_field.next_month')}
          onClick={() => showMonth(1)}
        >
          ›
        </button>
      </div>
      <table ref={gridRef} className="calendar-grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {weekdayNames(language).map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onGridKeyDown}>
          {[0, 1, 2, 3, 4, 5].map((week) => (
            <tr key={week}>
              {grid.slice(week * 7, week * 7 + 7).map((day) => (
                <td key={day.iso}>
                  <button
                    type="button"
                    data-iso={day.iso}
                    className="calendar-day"
                    tabIndex={day.iso === focused ? 0 : -1}
                    aria-label={formatLongDate(day.iso, language)}
                    aria-current={day.iso === today ? 'date' : undefined}
                    aria-pressed={day.iso === value}
                    data-outside={day.inMonth ? undefined : true}
                    onClick={() => onPick(day.iso)}
                  >
                    {day.day}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="calendar-footer">
        <button type="button" className="button button-small button-secondary" onClick={() => onPick(today)}>
          {t('date_field.today')}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
