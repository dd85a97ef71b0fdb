import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.js';

describe('passwordProblems', () => {
  it.each([
    ['abcdefg1', []],
    ['密码密码密码密码1', []],
    ['abc1', ['too_short']],
    ['abcdefgh', ['needs_digit']],
    ['12345678', ['needs_letter']],
    ['', ['too_short', 'needs_letter', 'needs_digit']],
    ['a1'.repeat(65), ['too_long']],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });
});
