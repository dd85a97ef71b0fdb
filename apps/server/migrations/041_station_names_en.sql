-- Weather stations and buoys get an English name beside their own (issue 32: every word in the reader's
-- language). `name` stays the station's name as its owner gives it (Chinese for the demo's); `name_en` is the
-- English one, null where none was given, and the screens fall back to the other. The ingest refuses one longer
-- than the column takes, as it does `name`; the simulator's upsert fills the demo's on its next readings.

ALTER TABLE weather_stations ADD COLUMN name_en text CHECK (length(name_en) <= 100);
