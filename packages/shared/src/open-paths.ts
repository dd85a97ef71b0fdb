/**
 * The only server routes reachable without a bearer access token: sign-in, token refresh, branding, language
 * and the phone verify-code flow.
 * Everything else under /api, /auth and /language answers 401 without a valid token.
 */
export const OPEN_API_ROUTES = [
  '/api/login',
  '/auth/token/refresh',
  '/api/comp_info',
  '/language/',
  '/api/verify_code',
  '/api/check_verify_code',
  '/api/reset_password',
] as const;

/** Routes to which the web client never attaches the Authorization header. */
export const NO_BEARER_ROUTES = ['/api/login'] as const;
