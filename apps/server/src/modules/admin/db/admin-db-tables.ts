import { ADMIN_DB_MASK, type AdminDbColumnType } from '@thunderwatch/shared/schemas/admin-db';

/**
 * The administrator's database view sees only these tables and, in each, only these columns. Every SQL
 * identifier the view uses comes from here, never from a request.
 *
 * Secret columns are listed with `masked: true`: they are never selected, and the answer shows `MASK` in
 * their place. Found by grepping the migrations for password, hash, secret, token, key and by reading what
 * the JSON and text columns hold:
 * - users.password_hash (a user's password hash)
 * - refresh_tokens.token_hash (a refresh token's hash; it is the key too, so refresh_tokens has no item view)
 * - verify_codes.code_hash (an SMS code's hash)
 * - sms_outbox.message (the text of a sent SMS carries the login / reset code)
 * - feeds.key_hash (a feed key's hash)
 * - distribution_lists.recipients, escalate_to (webhook and robot URLs, whose query carries the robot's
 *   access token, and the webhook / DingTalk / Feishu signing secrets)
 * - deliveries.recipient_value, address (the same URLs), channel_options (the signing secret),
 *   last_error and delivery_attempts.error (a refused target's error names its URL)
 * - settings.value (the server's own secrets, e.g. the token signing key)
 * Left out entirely: wechat_binding_keys (its key is a one-time binding key's hash), and everything not
 * listed here.
 */

export const MASK = ADMIN_DB_MASK;

/** How an edit of a column is validated. */
export type EditRule =
  | {
      kind: 'text';
      max: number;
      nullable?: boolean;
      pattern?: RegExp;
      values?: readonly string[];
      /** An IANA time zone the runtime knows. */
      timeZone?: true;
    }
  | { kind: 'bool' }
  | { kind: 'int'; min: number; max: number };

export interface ColumnDef {
  name: string;
  type: AdminDbColumnType;
  masked?: true;
  edit?: EditRule;
}

export interface TableDef {
  name: string;
  /** The single-column primary key an item is read and edited by; null: no item view. */
  key: string | null;
  /** Big tables: the row count is the planner's estimate, and only `indexed` columns sort and filter. */
  big?: { indexed: readonly string[] };
  /** Default order (newest first on this column). */
  order: string;
  columns: ColumnDef[];
}

/** Columns as "name:type" words; "name:type!" is a masked (secret) column. */
const cols = (specs: string): ColumnDef[] =>
  specs
    .trim()
    .split(/\s+/)
    .map((s) => {
      const masked = s.endsWith('!');
      const [name, type] = (masked ? s.slice(0, -1) : s).split(':') as [string, AdminDbColumnType];
      return masked ? { name, type, masked: true } : { name, type };
    });

const withEdits = (columns: ColumnDef[], edits: Record<string, EditRule>): ColumnDef[] =>
  columns.map((c) => (edits[c.name] ? { ...c, edit: edits[c.name] } : c));

const text = (max: number, extra: Omit<Extract<EditRule, { kind: 'text' }>, 'kind' | 'max'> = {}) =>
  ({ kind: 'text', max, ...extra }) as const;
const BOOL = { kind: 'bool' } as const;
const TIME_ZONE = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/;

const t = (def: TableDef): TableDef => def;

export const ADMIN_TABLES: readonly TableDef[] = [
  t({
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
  t({
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
  t({
    name: 'sessions',
    key: 'id',
    order: 'created_at',
    columns: cols(`id:uuid user_id:integer created_at:timestamp expires_at:timestamp revoked_at:timestamp
      ip:text user_agent:text`),
  }),
  t({
    name: 'refresh_tokens',
    key: null,
    order: 'issued_at',
    columns: cols(`token_hash:text! session_id:uuid issued_at:timestamp expires_at:timestamp
      used_at:timestamp`),
  }),
  t({
    name: 'login_failures',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer account:text ip:text at:timestamp`),
  }),
  t({
    name: 'verify_codes',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer phone:text purpose:text code_hash:text! created_at:timestamp
      expires_at:timestamp attempts:integer consumed_at:timestamp`),
  }),
  t({
    name: 'sms_outbox',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer phone:text message:text! provider:text status:text error:text
      created_at:timestamp`),
  }),
  t({
    name: 'access_log',
    key: 'id',
    big: { indexed: ['id', 'at'] },
    order: 'at',
    columns: cols(`id:integer at:timestamp user_id:integer username:text group_id:integer method:text
      path:text status:integer ip:text user_agent:text duration_ms:number`),
  }),
  t({
    name: 'admin_db_audit',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer at:timestamp user_id:integer username:text table_name:text row_key:text
      before:json after:json`),
  }),
  t({
    name: 'feeds',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer name:text key_hash:text! created_by:integer created_at:timestamp
      last_used_at:timestamp revoked_at:timestamp`),
      { name: text(100) },
    ),
  }),
  t({
    name: 'strokes',
    key: null,
    big: { indexed: ['time', 'flash_id'] },
    order: 'time',
    columns: cols(`id:integer time:timestamp ns:integer lat:number lon:number peak_ka:number is_ic:boolean
      sensors:integer multiplicity:integer major_km:number minor_km:number ellipse_deg:number
      flash_id:integer source:text received_at:timestamp`),
  }),
  t({
    name: 'zones',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer group_id:integer name:text geometry:json area_km2:number created_by:integer
      created_at:timestamp updated_at:timestamp`),
  }),
  t({
    name: 'locations',
    key: 'id',
    order: 'id',
    columns: withEdits(
      cols(`id:integer group_id:integer name:text shape:json zone_id:integer time_zone:text
      enabled:boolean rings:json created_by:integer created_at:timestamp updated_at:timestamp
      deleted_at:timestamp predict_enabled:boolean predict_range_km:number predict_level:integer
      wave_alert_cm:integer is_airport:boolean airport_icao:text`),
      { name: text(100), enabled: BOOL },
    ),
  }),
  t({
    name: 'alerts',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer location_id:integer group_id:integer started_at:timestamp ended_at:timestamp
      peak_level:integer first_stroke:json nearest_km:number ring_counts:json timeline:json
      predicted:boolean ring_at:timestamp`),
  }),
  t({
    name: 'alarms',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer alert_id:integer location_id:integer group_id:integer level:integer
      previous_level:integer created_at:timestamp nearest_km:number bearing_deg:number
      confirmed_at:timestamp confirmed_by:integer note:text predicted_by:json`),
  }),
  t({
    name: 'distribution_lists',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer group_id:integer name:text locations:json min_level:integer channels:json
      recipients:json! quiet_hours:json escalate_after_min:integer escalate_to:json!
      created_by:integer created_at:timestamp updated_at:timestamp language:text`),
  }),
  t({
    name: 'deliveries',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer idempotency_key:text group_id:integer event:text alarm_id:integer
      list_id:integer tier:integer channel:text recipient_kind:text recipient_value:text!
      user_id:integer address:text! channel_options:json! language:text location_id:integer
      level:integer quiet_hours:json time_zone:text payload:json status:text reason:text
      attempts:integer next_attempt_at:timestamp lease_until:timestamp last_error:text!
      created_at:timestamp finished_at:timestamp latency_ms:integer`),
  }),
  t({
    name: 'delivery_attempts',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer delivery_id:integer attempt:integer started_at:timestamp duration_ms:number
      ok:boolean error:text!`),
  }),
  t({
    name: 'notifications',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer user_id:integer group_id:integer delivery_id:integer event:text
      alarm_id:integer location_id:integer level:integer title:text body:text link:text
      created_at:timestamp read_at:timestamp`),
  }),
  t({
    name: 'wechat_bindings',
    key: 'user_id',
    order: 'bound_at',
    columns: cols(`user_id:integer openid:text bound_at:timestamp`),
  }),
  t({
    name: 'devices',
    key: 'id',
    order: 'created_at',
    columns: withEdits(
      cols(`id:text group_id:integer name:text kind:text model:text serial:text lat:number lon:number
      installed_at:timestamp firmware:text status:text status_reasons:array
      status_since:timestamp last_heartbeat:json last_heartbeat_at:timestamp
      created_at:timestamp`),
      { name: text(100), model: text(100), serial: text(100), firmware: text(100) },
    ),
  }),
  t({
    name: 'device_status_history',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer device_id:text status:text reasons:array at:timestamp`),
  }),
  t({
    name: 'sensors',
    key: 'id',
    order: 'created_at',
    columns: withEdits(
      cols(`id:text group_id:integer location_id:integer kind:text name:text lat:number lon:number
      status:text last_time:timestamp last_values:array created_at:timestamp
      updated_at:timestamp`),
      { name: text(100), status: text(20, { values: ['active', 'maintenance', 'disabled'] }) },
    ),
  }),
  t({
    name: 'sensor_readings',
    key: null,
    big: { indexed: ['time', 'sensor_id'] },
    order: 'time',
    columns: cols(`sensor_id:text time:timestamp field:number wind_speed:number wind_dir:number
      temperature:number humidity:number pressure:number rain:number source:text
      received_at:timestamp`),
  }),
  t({
    name: 'typhoon_storms',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer key:text format:text basin:text year:integer number:text name_en:text
      name_zh:text ended:boolean source:text forecast_base:timestamp created_at:timestamp
      updated_at:timestamp`),
  }),
  t({
    name: 'weather_warnings',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer identifier:text sender:text sent:timestamp msg_type:text status:text scope:text
      kind:text level:text event:text headline:text description:text area_desc:text language:text
      languages:array urgency:text severity:text certainty:text onset:timestamp expires:timestamp
      closed_at:timestamp closed_reason:text superseded_by:integer area:json circles:json
      min_lon:number min_lat:number max_lon:number max_lat:number admin_codes:array geocodes:array
      signer:text raw_xml:text feed_id:integer received_at:timestamp`),
  }),
  t({
    name: 'model_runs',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer model_id:text status:text progress:integer reason:text trigger:text
      requested_by:integer node:text created_at:timestamp started_at:timestamp
      finished_at:timestamp valid_at:timestamp`),
  }),
  t({
    name: 'singleton_leases',
    key: 'name',
    order: 'acquired_at',
    columns: cols(`name:text epoch:integer holder:text acquired_at:timestamp`),
  }),
  t({
    name: 'settings',
    key: 'key',
    order: 'key',
    columns: cols(`key:text value:text!`),
  }),
];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
for (const table of ADMIN_TABLES) {
  for (const name of [table.name, ...table.columns.map((c) => c.name)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`admin db allow-list: bad identifier ${name}`);
  }
}

export function tableDef(name: string): TableDef | undefined {
  return ADMIN_TABLES.find((t) => t.name === name);
}

/** Columns a table sorts and filters by: every visible one of a small table, the indexed ones of a big one. */
export function queryable(table: TableDef, column: string): ColumnDef | undefined {
  const c = table.columns.find((x) => x.name === column);
  if (!c || c.masked) return undefined;
  if (table.big && !table.big.indexed.includes(c.name)) return undefined;
  return c;
}
