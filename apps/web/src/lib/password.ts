import { type PasswordProblem, passwordProblems } from '@thunderwatch/domain/accounts/password-policy';

/** The translation key of the first problem with a new password (same rule as the server), or null. */
export function passwordProblemKey(password: string): `password.${PasswordProblem}` | null {
  const [first] = passwordProblems(password);
  return first ? `password.${first}` : null;
}
