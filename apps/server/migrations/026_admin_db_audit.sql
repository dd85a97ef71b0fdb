-- The administrator's database view: every edit made through it, with the row's allow-listed columns as they
-- were before and after. Written in the same transaction as the edit.
CREATE TABLE admin_db_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  username text NOT NULL,
  table_name text NOT NULL,
  row_key text NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL
);
CREATE INDEX admin_db_audit_at_idx ON admin_db_audit (at DESC, id DESC);
