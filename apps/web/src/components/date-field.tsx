import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDisplayDate,
  parseTypedDate,
  parseTypedTime,
  splitDateTime,
  todayIn,
} from '../lib/calendar-dates';
import { CalendarPopover } from './calendar-popover';
import './date-field.css';

interface DateFieldProps {
  id: string;
  label: string;
  /** `''`, `YYYY-MM-DD`, or with `withTime` `YYYY-MM-DDTHH:MM:SS` (what `<input type="date">` gave). */
  value: string;
  onValueChange: (value: string) => void;
  withTime?: boolean;
  /** The time a date without a typed time stands for: the start of the day, or its end for an "until". */
  defaultTime?: string;
  hint?: string;
  /** Whose "today" the calendar opens on. */
  timeZone?: string;
}

const CALENDAR_ICON = (
  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M6 2h1.5v2h5V2H14v2h2a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h2V2Zm-1.5 6v7.5h11V8h-11Zm2 1.5h2v2h-2v-2Zm4 0h2v2h-2v-2Z"
    />
  </svg>
);

/**
 * A date (and time) typed or picked in the interface language, whatever the browser's locale: the
 * native `<input type="date">` would show the browser's. English shows "24 Nov 2026", Chinese
 * "2026年11月24日"; ISO is read in both. Times are 24-hour `HH:MM:SS`. A text that names no date blocks
 * the form's submission (custom validity) and says what to type.
 */
export function DateField({
  id,
  label,
  value,
  onValueChange,
  withTime = false,
  defaultTime = '00:00:00',
  hint,
  timeZone,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [dateText, setDateText] = useState(() => {
    const { date } = splitDateTime(value);
    return date ? formatDisplayDate(date, language) : '';
  });
  const [timeText, setTimeText] = useState(() => splitDateTime(value).time);
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);
  /** Whether the calendar opens leftwards, for a field near the right edge of the window. */
  const [alignRight, setAlignRight] = useState(false);
  const emitted = useRef(value);
  const wrapper = useRef<HTMLDivElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const timeInput = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const date = parseTypedDate(dateText);
  const dateProblem = dateText.trim() && !date ? t('date_field.invalid_date') : null;
  const timeProblem =
    withTime && timeText.trim() && !parseTypedTime(timeText) ? t('date_field.invalid_time') : null;
  const needsDate = withTime && !dateText.trim() && timeText.trim() ? t('date_field.date_needed') : null;
  const problem = dateProblem ?? needsDate ?? timeProblem;

  // A value set from outside (cleared, read from the address) replaces what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside counts
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const parts = splitDateTime(value);
    setDateText(parts.date ? formatDisplayDate(parts.date, language) : '');
    setTimeText(parts.time);
  }, [value]);
  // The shown date follows the interface language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of language re-formats
  useEffect(() => {
    if (date) setDateText(formatDisplayDate(date, language));
  }, [language]);
  useEffect(() => {
    dateInput.current?.setCustomValidity(dateProblem ?? needsDate ?? '');
    timeInput.current?.setCustomValidity(timeProblem ?? '');
  }, [dateProblem, needsDate, timeProblem]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  /** Sends the value the two texts name, unless one of them names nothing. */
  const emit = (nextDateText: string, nextTimeText: string) => {
    const nextDate = parseTypedDate(nextDateText);
    const nextTime = nextTimeText.trim() ? parseTypedTime(nextTimeText) : defaultTime;
    let next: string | null = null;
    if (!nextDateText.trim()) next = '';
    else if (nextDate && (!withTime || nextTime)) next = withTime ? `${nextDate}T${nextTime}` : nextDate;
    if (next === null || next === emitted.current) return;
    emitted.current = next;
    onValueChange(next);
  };
  const tidy = () => {
    setLeft(true);
    if (date) setDateText(formatDisplayDate(date, language));
    if (withTime && timeText.trim() && parseTypedTime(timeText)) setTimeText(parseTypedTime(timeText) ?? '');
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      setOpen(true);
    }
  };
  const pick = (iso: string) => {
    const shown = formatDisplayDate(iso, language);
    setDateText(shown);
    emit(shown, timeText);
    setOpen(false);
    button.current?.focus();
  };
  const describedBy = [hint ? `${id}-hint` : null, left && problem ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field date-field" ref={wrapper}>
      <label htmlFor={id}>{label}</label>
      <div className="date-field-inputs">
        <div className="date-field-date">
          <input
            ref={dateInput}
            id={id}
            value={dateText}
            onChange={(event) => {
              setDateText(event.target.value);
              emit(event.target.value, timeText);
            }}
            onBlur={tidy}
            onInvalid={() => setLeft(true)}
            onKeyDown={onInputKeyDown}
            placeholder={t('date_field.placeholder')}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={left && (dateProblem || needsDate) ? true : undefined}
            aria-describedby={describedBy || undefined}
          />
          <button
            ref={button}
            type="button"
            id={`${id}-calendar`}
            className="date-field-button"
            aria-label={t('date_field.choose', { label })}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? `${id}-popover` : undefined}
            onClick={() => {
              const box = wrapper.current?.getBoundingClientRect();
              setAlignRight(box !== undefined && box.left + 330 > window.innerWidth);
              setOpen((was) => !was);
            }}
          >
            {CALENDAR_ICON}
          </button>
          {open && (
            <CalendarPopover
              id={`${id}-popover`}
              alignRight={alignRight}
              value={date ?? ''}
              today={todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, new Date())}
              onPick={pick}
              onClose={() => {
                setOpen(false);
                button.current?.focus();
              }}
            />
          )}
        </div>
        {withTime && (
          <input
            ref={timeInput}
            id={`${id}-time`}
            className="date-field-time"
            value={timeText}
            onChange={(event) => {
              setTimeText(event.target.value);
              emit(dateText, event.target.value);
            }}
            onBlur={tidy}
            onInvalid={() => setLeft(true)}
            placeholder={defaultTime}
            inputMode="numeric"
            autoComplete="off"
            aria-label={t('date_field.time_of', { label })}
            aria-invalid={left && timeProblem ? true : undefined}
            aria-describedby={describedBy || undefined}
          />
        )}
      </div>
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {left && problem && (
        <small id={`${id}-error`} className="field-error">
          {problem}
        </small>
      )}
    </div>
  );
}
