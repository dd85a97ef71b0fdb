-- Notifications: the delivery outbox and its attempts, the in-app inbox, topic subscriptions and WeChat
-- bindings.

-- One row per message to send: an event (an alarm, its confirmation, a daily summary, a test) to one
-- address through one channel. Alarm rows are written in the same transaction as the alarm. Workers claim
-- due rows with FOR UPDATE SKIP LOCKED and a lease; a row whose lease ran out (its worker died) is claimed
-- again. `idempotency_key` is what receivers see, so a resend after a crash can be recognised.
CREATE TABLE deliveries (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL,
  group_id bigint NOT NULL REFERENCES groups (id),
  event text NOT NULL CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test')),
  alarm_id bigint REFERENCES alarms (id),
  list_id bigint REFERENCES distribution_lists (id) ON DELETE SET NULL,
  -- 0: the list's recipients or a topic's subscribers; 1: the escalation tier.
  tier smallint NOT NULL DEFAULT 0 CHECK (tier IN (0, 1)),
  channel text NOT NULL CHECK (channel IN ('inapp', 'email', 'sms', 'webhook', 'wechat')),
  recipient_kind text NOT NULL CHECK (recipient_kind IN ('user', 'phone', 'email', 'webhook', 'wechat')),
  recipient_value text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  -- Where it goes on that channel: a user id (in-app), e-mail address, phone, URL or openid.
  address text NOT NULL,
  -- Per-recipient channel settings (a webhook's body format and signing secret); never sent to clients.
  channel_options jsonb,
  language text CHECK (language IN ('zh-Hans', 'en')),
  location_id bigint,
  level smallint,
  quiet_hours jsonb,
  time_zone text NOT NULL DEFAULT 'Asia/Shanghai',
  -- What the message says, as it was when the event happened (rendered per channel and language).
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'suppressed', 'cancelled')),
  -- Why it was suppressed or cancelled: quiet_hours, duplicate, confirmed.
  reason text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  latency_ms integer,
  CONSTRAINT deliveries_idempotency_key UNIQUE (idempotency_key)
);
-- Workers claim per channel in due order: one index range per channel, no sort.
CREATE INDEX deliveries_due_idx ON deliveries (channel, next_attempt_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX deliveries_group_idx ON deliveries (group_id, id DESC);
CREATE INDEX deliveries_user_idx ON deliveries (user_id, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX deliveries_alarm_idx ON deliveries (alarm_id) WHERE alarm_id IS NOT NULL;

CREATE TABLE delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms real NOT NULL,
  ok boolean NOT NULL,
  error text
);
CREATE INDEX delivery_attempts_delivery_idx ON delivery_attempts (delivery_id);

-- At most one message per recipient, channel, location and level per window: the delivery that holds the
-- slot and when. Taken atomically when a worker is about to send.
CREATE TABLE delivery_dedupe (
  key text PRIMARY KEY,
  delivery_id bigint NOT NULL,
  at timestamptz NOT NULL
);

-- The in-app inbox. `delivery_id` is unique: sending the same in-app delivery twice keeps one message.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES groups (id),
  delivery_id bigint REFERENCES deliveries (id) ON DELETE SET NULL,
  event text NOT NULL,
  alarm_id bigint REFERENCES alarms (id),
  location_id bigint,
  level smallint,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  CONSTRAINT notifications_delivery_key UNIQUE (delivery_id)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Topics are named by string: "location:<id>" (a location's alarms), "daily_summary".
CREATE TABLE notification_subscriptions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  topic text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, topic)
);
CREATE INDEX notification_subscriptions_topic_idx ON notification_subscriptions (topic);

-- A user's WeChat official-account openid, bound by scanning a QR code that carries a one-time key.
CREATE TABLE wechat_bindings (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  openid text NOT NULL,
  bound_at timestamptz NOT NULL,
  CONSTRAINT wechat_bindings_openid_key UNIQUE (openid)
);

CREATE TABLE wechat_binding_keys (
  key_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wechat_binding_keys_user_idx ON wechat_binding_keys (user_id);
