import { isRole } from '@thunderwatch/shared/permissions';
import type { RoleDto } from '@thunderwatch/shared/schemas/accounts';
import type { UserDto } from '@thunderwatch/shared/schemas/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useAdminResetPassword } from '../api/admin-reset-password';
import { useChangeRole } from '../api/change-role';
import { useUpdateUser } from '../api/update-user';

interface UserRowProps {
  user: UserDto;
  isSelf: boolean;
  roles: RoleDto[];
  canChangeRole: boolean;
  canResetPassword: boolean;
  onPasswordGenerated: (username: string, password: string) => void;
}

export function UserRow({
  user,
  isSelf,
  roles,
  canChangeRole,
  canResetPassword,
  onPasswordGenerated,
}: UserRowProps) {
  const { t } = useTranslation();
  const changeRole = useChangeRole();
  const updateUser = useUpdateUser();
  const resetPassword = useAdminResetPassword();
  const [confirmReset, setConfirmReset] = useState(false);
  const assignable = roles.filter((role) => role.assignable).map((role) => role.name);
  const roleEditable = canChangeRole && !isSelf && assignable.includes(user.role);
  const error = changeRole.error ?? updateUser.error ?? resetPassword.error;

  const onReset = () => {
    resetPassword.mutate(
      { user_id: user.id },
      {
        onSuccess: (answer) => {
          setConfirmReset(false);
          if (answer.password) onPasswordGenerated(user.username, answer.password);
        },
      },
    );
  };

  return (
    <>
      <tr className={user.disabled ? 'row-disabled' : undefined}>
        <td>
          {user.username}
          {isSelf && <span className="badge badge-muted badge-after">{t('profile.you')}</span>}
        </td>
        <td data-label={t('profile.name')}>{user.name}</td>
        <td data-label={t('profile.role')}>
          {roleEditable ? (
            <>
              <label htmlFor={`user-role-${user.id}`} className="visually-hidden">
                {t('profile.role_of', { username: user.username })}
              </label>
              <select
                id={`user-role-${user.id}`}
                value={user.role}
                disabled={changeRole.isPending}
                onChange={(event) =>
                  isRole(event.target.value) &&
                  changeRole.mutate({ user_id: user.id, role: event.target.value })
                }
              >
                {assignable.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            </>
          ) : (
            t(`roles.${user.role}`)
          )}
        </td>
        <td data-label={t('profile.phone')}>{user.phone ?? '—'}</td>
        <td data-label={t('profile.email')}>{user.email ?? '—'}</td>
        <td data-label={t('profile.status')}>
          <span className={user.disabled ? 'badge badge-danger' : 'badge badge-ok'}>
            {user.disabled ? t('profile.status_disabled') : t('profile.status_active')}
          </span>
        </td>
        <td className="actions">
          {!isSelf && (
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={updateUser.isPending}
              onClick={() => updateUser.mutate({ id: user.id, changes: { disabled: !user.disabled } })}
            >
              {user.disabled ? t('profile.enable') : t('profile.disable')}
            </button>
          )}
          {canResetPassword && !isSelf && !confirmReset && (
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => setConfirmReset(true)}
            >
              {t('profile.reset_password')}
            </button>
          )}
          {confirmReset && (
            <span className="confirm">
              {t('profile.reset_password_confirm')}
              <button
                type="button"
                className="button button-small button-danger"
                disabled={resetPassword.isPending}
                onClick={onReset}
              >
                {t('common.yes')}
              </button>
              <button type="button" className="button button-small" onClick={() => setConfirmReset(false)}>
                {t('common.no')}
              </button>
            </span>
          )}
        </td>
      </tr>
      {error && (
        <tr>
          <td colSpan={7}>
            <ErrorMessage error={error} />
          </td>
        </tr>
      )}
    </>
  );
}
