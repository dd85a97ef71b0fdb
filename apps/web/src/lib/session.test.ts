import { describe, expect, it } from 'vitest';
import { isPublicPath, loginPath, safeNextPath } from './session';

describe('post-login target', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/access_log?status=500')).toBe('/access_log?status=500');
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'profile',
    '/login',
    '/phone_login?x=1',
  ])('sends %s to the start page', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('remembers where the user wanted to go', () => {
    expect(loginPath({ pathname: '/profile', search: '?tab=users', hash: '' })).toBe(
      '/login?next=%2Fprofile%3Ftab%3Dusers',
    );
    expect(loginPath({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });

  it('knows the pages that need no login', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/reset_password/')).toBe(true);
    expect(isPublicPath('/profile')).toBe(false);
  });
});
