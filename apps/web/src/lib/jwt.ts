/** Seconds before the real expiry at which a token is already treated as expired (clock skew, latency). */
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token has none or is not a JWT. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp * 1000;
    }
  } catch {
    // Not a JWT: the server decides, a 401 then leads to one refresh.
  }
  return null;
}

/** True while the token can still be sent; tokens without a readable `exp` are left to the server to judge. */
export function isTokenFresh(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt - TOKEN_EXPIRY_MARGIN_MS > now;
}
