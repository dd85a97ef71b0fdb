import { BOOL, cols, type TableDef, TIME_ZONE, table, text, withEdits } from '../admin-db-columns.js';

/**
 * Groups, users and their sign-in, API feeds, the access log, the view's own audit and the server's
 * settings and leases.
 *
 * Masked: users.password_hash (a password's hash); refresh_tokens.token_hash (a refresh token's hash; it is
 * the key too, so refresh_tokens has no item view); verify_codes.code_hash (an SMS code's hash);
 * sms_outbox.message (a sent SMS carries the login / reset code); feeds.key_hash (a feed key's hash);
 * settings.value (the server's own secrets, e.g. the token signing key).
 */
export const ACCOUNT_TABLES: readonly TableDef[] = [
  table({
    name: 'groups',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer slug:text name:text name_en:text contact_name:text contact_phone:text
      contact_email:text address:text created_at:timestamp`),
      {
        name: text(100),
        name_en: text(100, { nullable: true }),
        contact_name: text(100, { nullable: true }),
        contact_phone: text(30, { nullable: true }),
        contact_email: text(254, { nullable: true }),
        address: text(200, { nullable: true }),
      },
    ),
  }),
  table({
    name: 'users',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer group_id:integer username:text phone:text email:text name:text role:text
      password_hash:text! language:text time_zone:text notification_prefs:json disabled:boolean
      created_at:timestamp map_defaults:json`),
      {
        name: text(100),
        email: text(254, { nullable: true, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ }),
        language: text(10, { values: ['zh-Hans', 'en'] }),
        time_zone: text(64, { pattern: TIME_ZONE, timeZone: true }),
        disabled: BOOL,
      },
    ),
  }),
  table({
    name: 'sessions',
    key: 'id',
    order: 'created_at',
    columns: cols(`id:uuid user_id:integer created_at:timestamp expires_at:timestamp revoked_at:timestamp
      ip:text user_agent:text`),
  }),
  table({
    name: 'refresh_tokens',
    key: null,
    order: 'issued_at',
    columns: cols(`token_hash:text! session_id:uuid issued_at:timestamp expires_at:timestamp
      used_at:timestamp`),
  }),
  table({
    name: 'login_failures',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer account:text ip:text at:timestamp`),
  }),
  table({
    name: 'verify_codes',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer phone:text purpose:text code_hash:text! created_at:timestamp
      expires_at:timestamp attempts:integer consumed_at:timestamp`),
  }),
  table({
    name: 'sms_outbox',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer phone:text message:text! provider:text status:text error:text
      created_at:timestamp`),
  }),
  table({
    name: 'access_log',
    key: 'id',
    big: { indexed: ['id', 'at'] },
    order: 'at',
    columns: cols(`id:integer at:timestamp user_id:integer username:text group_id:integer method:text
      path:text status:integer ip:text user_agent:text duration_ms:number`),
  }),
  table({
    name: 'admin_db_audit',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer at:timestamp user_id:integer username:text table_name:text row_key:text
      before:json after:json`),
  }),
  table({
    name: 'feeds',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer name:text key_hash:text! created_by:integer created_at:timestamp
      last_used_at:timestamp revoked_at:timestamp`),
      { name: text(100) },
    ),
  }),
  table({
    name: 'singleton_leases',
    key: 'name',
    order: 'acquired_at',
    columns: cols(`name:text epoch:integer holder:text acquired_at:timestamp`),
  }),
  table({
    name: 'settings',
    key: 'key',
    order: 'key',
    columns: cols(`key:text value:text!`),
  }),
];
