/** Stable error codes; the web translates them under the `errors.` namespace. */
export const ERROR_CODES = [
  'auth.missing_token',
  'auth.invalid_token',
  'auth.session_revoked',
  'auth.invalid_credentials',
  'auth.user_disabled',
  'auth.too_many_attempts',
  'auth.invalid_refresh',
  'auth.refresh_reused',
  'auth.wrong_password',
  'verify_code.too_soon',
  'verify_code.invalid',
  'verify_code.expired',
  'verify_code.too_many_attempts',
  'password.too_weak',
  'permission.denied',
  'validation.failed',
  'request.malformed_json',
  'request.too_large',
  'request.unsupported_media_type',
  'request.invalid',
  'route.not_found',
  'user.not_found',
  'user.username_taken',
  'user.phone_taken',
  'user.cannot_change_self',
  'group.not_found',
  'group.slug_taken',
  'role.not_assignable',
  'sms.send_failed',
  'feed.invalid_key',
  'feed.not_found',
  'ingest.overloaded',
  'lightning.window_too_large',
  'lightning.invalid_cursor',
  'flash.not_found',
  'location.not_found',
  'location.invalid_shape',
  'location.invalid_rings',
  'location.invalid_predict',
  'zone.not_found',
  'zone.invalid',
  'zone.in_use',
  'alarm.not_found',
  'alert.not_found',
  'warning.window_too_large',
  'distribution.not_found',
  'notification.topic_not_found',
  'notification.no_address',
  'notification.delivery_not_found',
  'wechat.not_configured',
  'wechat.unavailable',
  'wechat.bad_signature',
  'wechat.stale_request',
  'server.internal',
  'server.unavailable',
  'server.busy',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  /** The offending field as a JSON pointer-like path, e.g. `password` or `rings/0/radius_km`. */
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}
