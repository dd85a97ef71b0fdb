import { useTranslation } from 'react-i18next';
import { useGroupNames } from '../../../lib/group-names';

interface LocationGroupFieldProps {
  /** The site's group, or for a new one the group chosen (null: my own). */
  value: number | null;
  ownGroup: { id: number; name: string };
  /** Admins see every group's sites (and names); they choose any group for a new site. */
  isAdmin: boolean;
  choosable: boolean;
  onChange: (groupId: number) => void;
}

/**
 * Whose site it is: its group decides who its alarms reach (the group's lists and duty desk), so the form
 * says it, and admins choose it for a new site.
 */
export function LocationGroupField({
  value,
  ownGroup,
  isAdmin,
  choosable,
  onChange,
}: LocationGroupFieldProps) {
  const { t } = useTranslation();
  const names = useGroupNames(isAdmin);
  const current = value ?? ownGroup.id;
  if (!choosable) {
    return (
      <div className="field">
        <span className="field-label">{t('location.form.group')}</span>
        <span data-testid="location-group">
          {names.get(current) ?? (current === ownGroup.id ? ownGroup.name : `#${current}`)}
        </span>
        <small className="field-hint">{t('location.form.group_hint')}</small>
      </div>
    );
  }
  const choices = names.size > 0 ? [...names] : [[ownGroup.id, ownGroup.name] as const];
  return (
    <div className="field">
      <label htmlFor="location-group">{t('location.form.group')}</label>
      <select id="location-group" value={current} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <small className="field-hint">{t('location.form.group_hint')}</small>
    </div>
  );
}
