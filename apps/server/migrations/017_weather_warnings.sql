-- Official weather warnings received as OASIS CAP 1.2 (POST /api/ingest/cap). One row per alert message
-- (sender, identifier, sent); an Update or Cancel closes the rows it references (`closed_reason` superseded or
-- cancelled, `superseded_by` the newer row), an alert past `expires` is closed as expired.
-- Texts: those of the preferred info (zh, else en, else the first `<info>`), its language in `language`;
-- every info's language in `languages`, every text in `raw_xml` (the alert as received, at most 2 MB).
-- The area: `area` the CAP polygons as a GeoJSON MultiPolygon (DWD exclude polygons as holes), `circles`
-- [{lat, lon, radiusKm}], the bounding box of both for bbox queries (null: geocodes only), `admin_codes` the
-- GB/T 2260 codes, `geocodes` the other geocodes as `valueName=value`.

CREATE TABLE weather_warnings (
  id bigserial PRIMARY KEY,
  identifier text NOT NULL CHECK (length(identifier) BETWEEN 1 AND 256),
  sender text NOT NULL CHECK (length(sender) BETWEEN 1 AND 256),
  sent timestamptz NOT NULL,
  msg_type text NOT NULL CHECK (msg_type IN ('Alert', 'Update', 'Cancel', 'Ack', 'Error')),
  status text NOT NULL CHECK (status IN ('Actual', 'Exercise', 'System', 'Test', 'Draft')),
  scope text NOT NULL CHECK (scope IN ('Public', 'Restricted', 'Private')),
  kind text NOT NULL CHECK (kind IN ('typhoon', 'rainstorm', 'snowstorm', 'cold_wave', 'gale', 'sandstorm', 'heat',
    'drought', 'lightning', 'hail', 'frost', 'fog', 'haze', 'road_icing', 'other')),
  level text NOT NULL CHECK (level IN ('blue', 'yellow', 'orange', 'red')),
  event text NOT NULL CHECK (length(event) <= 200),
  headline text CHECK (length(headline) <= 500),
  description text CHECK (length(description) <= 8000),
  area_desc text CHECK (length(area_desc) <= 2000),
  language text NOT NULL CHECK (length(language) <= 35),
  languages text[] NOT NULL CHECK (cardinality(languages) <= 50),
  urgency text NOT NULL CHECK (urgency IN ('Immediate', 'Expected', 'Future', 'Past', 'Unknown')),
  severity text NOT NULL CHECK (severity IN ('Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown')),
  certainty text NOT NULL CHECK (certainty IN ('Observed', 'Likely', 'Possible', 'Unlikely', 'Unknown')),
  onset timestamptz,
  expires timestamptz,
  closed_at timestamptz,
  closed_reason text CHECK (closed_reason IN ('superseded', 'cancelled', 'expired')),
  superseded_by bigint REFERENCES weather_warnings (id) ON DELETE SET NULL,
  area jsonb CHECK (area IS NULL OR (area ->> 'type' = 'MultiPolygon' AND octet_length(area::text) <= 4194304)),
  circles jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(circles) = 'array' AND jsonb_array_length(circles) <= 500),
  min_lon double precision,
  min_lat double precision,
  max_lon double precision,
  max_lat double precision,
  admin_codes text[] NOT NULL DEFAULT '{}' CHECK (cardinality(admin_codes) <= 5000),
  geocodes text[] NOT NULL DEFAULT '{}' CHECK (cardinality(geocodes) <= 5000),
  -- The signing certificate's subject when the alert carried a verified signature.
  signer text CHECK (length(signer) <= 200),
  raw_xml text NOT NULL CHECK (octet_length(raw_xml) <= 2097152),
  feed_id bigint REFERENCES feeds (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((closed_at IS NULL) = (closed_reason IS NULL)),
  CHECK ((min_lon IS NULL) = (max_lat IS NULL)),
  UNIQUE (sender, identifier, sent)
);
CREATE INDEX weather_warnings_open_idx ON weather_warnings (expires) WHERE closed_at IS NULL;
CREATE INDEX weather_warnings_sent_idx ON weather_warnings (sent DESC);
CREATE INDEX weather_warnings_ref_idx ON weather_warnings (sender, identifier);

-- Weather warning alarms: a location an open warning's area covers (polygon or circle; locations carry no
-- region code, so admin codes are not matched). One open row per warning and location; its messages go once,
-- when it opens; `cleared_at` when the warning is superseded, cancelled or expires. An Update's warning opens
-- its own alarms (the superseded one's are cleared), so an upgrade to a higher colour is delivered again.
-- `level` 1 blue/yellow, 2 orange, 3 red: distribution lists' minimum level applies as to lightning alarms.
CREATE TABLE weather_warning_alarms (
  id bigserial PRIMARY KEY,
  warning_id bigint NOT NULL REFERENCES weather_warnings (id) ON DELETE CASCADE,
  location_id bigint NOT NULL REFERENCES locations (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  level smallint NOT NULL CHECK (level IN (1, 2, 3)),
  raised_at timestamptz NOT NULL,
  cleared_at timestamptz
);
CREATE UNIQUE INDEX weather_warning_alarms_open_idx ON weather_warning_alarms (warning_id, location_id)
  WHERE cleared_at IS NULL;
CREATE INDEX weather_warning_alarms_group_idx ON weather_warning_alarms (group_id, raised_at DESC);

-- The outbox's event kinds, one list for every weather kind (typhoon, weather_warning, wave, disaster).
ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_check
  CHECK (event IN ('alarm', 'alarm_confirmed', 'daily_summary', 'test', 'typhoon', 'weather_warning', 'wave', 'disaster'));
