import { isRole, type Role } from '@thunderwatch/shared/permissions';
import type { RoleDto } from '@thunderwatch/shared/schemas/accounts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { passwordProblemKey } from '../../../lib/password';
import { type CreateUserInput, useCreateUser } from '../api/create-user';

interface CreateUserFormProps {
  roles: RoleDto[];
  /** Set when an admin creates a user in a group other than their own. */
  groupId: number | undefined;
  onCreated: () => void;
}

export function CreateUserForm({ roles, groupId, onCreated }: CreateUserFormProps) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const assignable = roles.filter((role) => role.assignable).map((role) => role.name);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(
    assignable.includes('viewer') ? 'viewer' : (assignable[0] ?? 'viewer'),
  );
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = passwordProblemKey(password);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem) return;
    const body: CreateUserInput = { username: username.trim(), password, role };
    if (name.trim()) body.name = name.trim();
    if (phone.trim()) body.phone = phone.trim();
    if (email.trim()) body.email = email.trim();
    if (groupId !== undefined) body.group_id = groupId;
    create.mutate(body, { onSuccess: onCreated });
  };

  return (
    <form className="form subpanel" onSubmit={onSubmit} aria-labelledby="create-user-title">
      <h3 id="create-user-title">{t('profile.create_user')}</h3>
      <div className="form-grid">
        <Field
          id="new-user-username"
          label={t('profile.username')}
          autoComplete="off"
          required
          value={username}
          onValueChange={setUsername}
        />
        <Field
          id="new-user-password"
          label={t('profile.initial_password')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
          hint={t('password.rule')}
          error={checked && problem ? t(problem) : null}
        />
        <div className="field">
          <label htmlFor="new-user-role">{t('profile.role')}</label>
          <select
            id="new-user-role"
            value={role}
            onChange={(e) => isRole(e.target.value) && setRole(e.target.value)}
          >
            {assignable.map((item) => (
              <option key={item} value={item}>
                {t(`roles.${item}`)}
              </option>
            ))}
          </select>
        </div>
        <Field id="new-user-name" label={t('profile.name')} value={name} onValueChange={setName} />
        <Field
          id="new-user-phone"
          label={t('profile.phone')}
          type="tel"
          value={phone}
          onValueChange={setPhone}
        />
        <Field
          id="new-user-email"
          label={t('profile.email')}
          type="email"
          value={email}
          onValueChange={setEmail}
        />
      </div>
      <ErrorMessage error={create.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={create.isPending || assignable.length === 0}>
          {t('profile.create_user_submit')}
        </button>
      </div>
    </form>
  );
}
