import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@thunderwatch/shared/schemas/kit';
import { useSyncExternalStore } from 'react';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

function subscribe(listener: () => void): () => void {
  const unsubscribe = apiClient.tokens.subscribe(listener);
  // Another tab signing in or out changes the same storage.
  globalThis.addEventListener?.('storage', listener);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.('storage', listener);
  };
}

/** True while tokens are stored; the API client refreshes or reports when they no longer work. */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, () => apiClient.tokens.hasSession());
}

// Set by a deliberate sign-out, so the route guard does not treat it as an expired session.
let signedOutOnPurpose = false;

/** True when the last session ended through "sign out" rather than expiring. */
export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

/** Stores the tokens of a successful login (password or phone code) and primes the current user. */
export function startSession(queryClient: QueryClient, response: LoginResponse): void {
  signedOutOnPurpose = false;
  queryClient.clear();
  apiClient.tokens.save({ access: response.access, refresh: response.refresh });
  queryClient.setQueryData(queryKeys.currentUser, response.user);
}

/** Forgets the tokens and every cached answer of the previous user. */
export function endSession(queryClient: QueryClient, options: { deliberate?: boolean } = {}): void {
  signedOutOnPurpose = options.deliberate ?? false;
  apiClient.tokens.clear();
  queryClient.clear();
}

const PUBLIC_PATHS = new Set(['/login', '/phone_login', '/reset_password']);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** Only same-site paths may be a post-login target (no `//host` or absolute URLs). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return isPublicPath(next.split(/[?#]/)[0] ?? '') ? '/' : next;
}

/** /login, remembering where the user wanted to go. */
export function loginPath(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  const next = safeNextPath(target);
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
