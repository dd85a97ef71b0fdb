import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { Page } from '../../../components/page';
import { passwordProblemKey } from '../../../lib/password';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState(false);

  const problem = passwordProblemKey(newPassword);
  const mismatch = confirm !== newPassword;
  const same = newPassword !== '' && newPassword === oldPassword;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || mismatch || same) return;
    change.mutate(
      { old_password: oldPassword, new_password: newPassword },
      {
        onSuccess: () => {
          setOldPassword('');
          setNewPassword('');
          setConfirm('');
          setChecked(false);
        },
      },
    );
  };

  return (
    <Page title={t('change_password.title')} intro={t('change_password.intro')} narrow>
      <form onSubmit={onSubmit} className="form panel">
        <Field
          id="change-password-old"
          label={t('change_password.old_password')}
          type="password"
          autoComplete="current-password"
          required
          value={oldPassword}
          onValueChange={setOldPassword}
        />
        <Field
          id="change-password-new"
          label={t('change_password.new_password')}
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          onValueChange={setNewPassword}
          hint={t('password.rule')}
          error={checked && problem ? t(problem) : checked && same ? t('change_password.same_as_old') : null}
        />
        <Field
          id="change-password-confirm"
          label={t('change_password.confirm_password')}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onValueChange={setConfirm}
          error={checked && mismatch ? t('password.mismatch') : null}
        />
        <ErrorMessage error={change.error} />
        {change.isSuccess && (
          <p className="alert alert-success" role="status">
            {t('change_password.done')}
          </p>
        )}
        <button type="submit" className="button" disabled={change.isPending}>
          {t('change_password.submit')}
        </button>
      </form>
    </Page>
  );
}
