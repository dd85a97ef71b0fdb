import type { UserDto } from '@thunderwatch/shared/schemas/kit';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRecipientSearch } from '../api/search-recipients';

/** A user as lists show them: their name, or their user name when they have none. */
export const displayName = (u: Pick<UserDto, 'name' | 'username'>) => u.name || u.username;

interface UserPickerProps {
  /** Names the input for screen readers ("Recipients 2, value"). */
  label: string;
  /** The group whose lists the user would be on: its users and the administrators may be picked. */
  groupId: number;
  /** The chosen user's id, '' when none. */
  value: string;
  /** The chosen user's name, shown in the field. */
  name: string;
  invalid: boolean;
  onPick: (user: { value: string; name: string }) => void;
}

/**
 * A combobox that finds users by part of their user name, name or phone number as one types (ARIA 1.2
 * combobox with a list box): arrow keys move through the matches, Enter picks, Escape closes the list (or,
 * closed, puts the chosen name back); a tap or click picks too. Typing after a choice drops it, so that a
 * half-typed name is never saved as someone.
 */
export function UserPicker({ label, groupId, value, name, invalid, onPick }: UserPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(name);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), 200);
  // Typed text that is not the chosen name: look it up (the matches stay while the list is closed).
  const searching = query.length > 0 && query !== name;
  const search = useRecipientSearch(groupId, query, searching);
  const matches = searching ? (search.data?.items ?? []) : [];
  const listId = `${id}-list`;
  const optionId = (userId: number) => `${id}-user-${userId}`;
  const activeUser = active >= 0 ? matches[active] : undefined;

  const pick = (user: UserDto) => {
    const chosen = displayName(user);
    setText(chosen);
    setOpen(false);
    setActive(-1);
    onPick({ value: String(user.id), name: chosen });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => Math.min(i + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        // Picks the highlighted match; never submits the form from the picker.
        if (open && activeUser) {
          event.preventDefault();
          pick(activeUser);
        } else if (open) event.preventDefault();
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value && text !== name) {
          event.preventDefault();
          setText(name);
        }
        break;
    }
  };

  let status: string | null = null;
  if (!open || !searching) status = null;
  else if (search.isFetching && matches.length === 0) status = t('distribute.picker.searching');
  else if (search.isSuccess && matches.length === 0) status = t('distribute.picker.none', { text: query });
  else if (search.isError) status = t('distribute.picker.failed');

  return (
    <div className="user-picker">
      <input
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && activeUser ? optionId(activeUser.id) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={status ? `${id}-status` : undefined}
        autoComplete="off"
        placeholder={t('distribute.picker.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onPick({ value: '', name: '' });
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('distribute.picker.matches', { label })}
        className="user-picker-list"
        hidden={!open || matches.length === 0}
        // Keeps the focus in the input, so that a tap or click picks rather than blurs first.
        onMouseDown={(event) => event.preventDefault()}
      >
        {matches.map((user, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
          <div
            key={user.id}
            id={optionId(user.id)}
            role="option"
            // Focusable for assistive technology, never in the tab order: the focus stays in the input.
            tabIndex={-1}
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            onClick={() => pick(user)}
            onMouseEnter={() => setActive(index)}
          >
            <span className="user-picker-name">{displayName(user)}</span>
            <span className="user-picker-detail">
              {user.username}
              {user.role === 'admin' ? ` · ${t('distribute.picker.admin')}` : ''}
              {user.phone ? ` · ${user.phone}` : ''}
            </span>
          </div>
        ))}
      </div>
      {status && (
        <p id={`${id}-status`} className="user-picker-status" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
