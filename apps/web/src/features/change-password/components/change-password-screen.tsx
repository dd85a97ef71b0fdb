import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields';
import { Page } from '../../../components/page';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword();
  const [checked, setChecked] = useState(false);

  const same = newPassword.password !== '' && newPassword.password === oldPassword;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (newPassword.problem || newPassword.mismatch || same) return;
    change.mutate(
      { old_password: oldPassword, new_password: newPassword.password },
      {
        onSuccess: () => {
          setOldPassword('');
          newPassword.clear();
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
        <NewPasswordFields
          idPrefix="change-password"
          labels={{
            password: t('change_password.new_password'),
            confirm: t('change_password.confirm_password'),
          }}
          state={newPassword}
          checked={checked}
          extraError={same ? t('change_password.same_as_old') : null}
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
