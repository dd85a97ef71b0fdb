import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblemKey } from '../lib/password';
import { Field } from './field';

/** State of a "new password" + "repeat it" pair, checked by the server's own password rule. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    setPassword,
    confirm,
    setConfirm,
    problem: passwordProblemKey(password),
    mismatch: confirm !== password,
    clear() {
      setPassword('');
      setConfirm('');
    },
  };
}

interface NewPasswordFieldsProps {
  /** Ids are `${idPrefix}-new` and `${idPrefix}-confirm`. */
  idPrefix: string;
  labels: { password: string; confirm: string };
  state: ReturnType<typeof useNewPassword>;
  /** Show problems only after the first submit. */
  checked: boolean;
  /** A screen-specific problem with the new password (e.g. same as the old one). */
  extraError?: string | null;
}

export function NewPasswordFields({ idPrefix, labels, state, checked, extraError }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const passwordError = state.problem ? t(state.problem) : (extraError ?? null);
  return (
    <>
      <Field
        id={`${idPrefix}-new`}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        value={state.password}
        onValueChange={state.setPassword}
        hint={t('password.rule')}
        error={checked ? passwordError : null}
      />
      <Field
        id={`${idPrefix}-confirm`}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        required
        value={state.confirm}
        onValueChange={state.setConfirm}
        error={checked && state.mismatch ? t('password.mismatch') : null}
      />
    </>
  );
}
