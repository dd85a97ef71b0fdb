export type PasswordProblem = 'too_short' | 'needs_letter' | 'needs_digit' | 'too_long';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The portal's password rule: at least 8 characters with both letters and digits. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if ([...password].length > PASSWORD_MAX_LENGTH) problems.push('too_long');
  if (!/\p{L}/u.test(password)) problems.push('needs_letter');
  if (!/\p{Nd}/u.test(password)) problems.push('needs_digit');
  return problems;
}
