-- Groups (tenants), users, sessions and refresh-token families, verify codes, SMS outbox, access log.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE groups (
  id bigserial PRIMARY KEY,
  slug text NOT NULL,
  name text NOT NULL,
  name_en text,
  contact_name text,
  contact_phone text,
  contact_email text,
  address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT groups_slug_key UNIQUE (slug)
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  username text NOT NULL,
  phone text,
  email text,
  name text NOT NULL DEFAULT '',
  role text NOT NULL CHECK (role IN ('admin', 'group_admin', 'operator', 'viewer')),
  password_hash text NOT NULL,
  language text NOT NULL DEFAULT 'zh-Hans' CHECK (language IN ('zh-Hans', 'en')),
  time_zone text NOT NULL DEFAULT 'Asia/Shanghai',
  notification_prefs jsonb NOT NULL DEFAULT '{"in_app": true, "sms": false, "email": false, "wechat": false}',
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_key UNIQUE (username),
  CONSTRAINT users_phone_key UNIQUE (phone)
);
CREATE INDEX users_group_idx ON users (group_id);

-- A session is one login; its refresh tokens form a family rotated on every refresh.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (account, ip, at);

CREATE TABLE verify_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'reset_password')),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX verify_codes_phone_idx ON verify_codes (phone, purpose, created_at DESC);

CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  message text NOT NULL,
  provider text NOT NULL,
  status text NOT NULL CHECK (status IN ('sent', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id bigint,
  username text,
  group_id bigint,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  duration_ms real NOT NULL
);
CREATE INDEX access_log_at_idx ON access_log (at DESC);
CREATE INDEX access_log_group_at_idx ON access_log (group_id, at DESC);
