-- Hourly stroke rollups (issue 31, "Local days everywhere"). The daily rollups of migration 028 counted UTC
-- days, with strokes and CG strokes per UTC hour in h0…h23 / g0…g23; every other figure (flashes, polarity,
-- |kA| and multiplicity buckets, sums, first/last time) only per UTC day. The statistics, data sheets and
-- overview now count the days, hours of day and months of one time zone per request (the caller's, else
-- TIME_ZONE), so the rollups are kept per UTC hour, keyed by the hour's start: a local day of any zone whose
-- offset is whole hours is a sum of whole rows, and a zone change needs no rebuild.
--
-- Nothing of a daily row can be split into hours exactly except strokes and CG strokes, so the hourly tables
-- start empty and no partial row is written. The daily tables are renamed to *_utc_day and kept, unchanged
-- and read only, as the UTC-day history: `npm run rollups-rebuild -- --upgrade` then recomputes, from the raw
-- strokes, the hourly rows of every day they list whose strokes are still stored (docs/operations.md). Days
-- whose raw strokes retention already dropped stay in the *_utc_day tables only (the administrator's database
-- view shows them); the statistics do not read them, since their days are UTC days.
--
-- Columns of both hourly tables: as in 028 without h/g: strokes; cg / ic; cg_pos, cg_neg, ic_pos, ic_neg;
-- flashes and cg_flashes (counted at a flash's earliest stroke); sum_abs_ka, max_abs_ka; k0…k9 strokes per
-- |kA| bucket; m1…m5 strokes per reported multiplicity; first_time, last_time (within the hour).

ALTER TABLE stroke_rollup_region RENAME TO stroke_rollup_region_utc_day;
ALTER TABLE stroke_rollup_region_utc_day RENAME CONSTRAINT stroke_rollup_region_pkey TO stroke_rollup_region_utc_day_pkey;
ALTER INDEX stroke_rollup_region_day_idx RENAME TO stroke_rollup_region_utc_day_day_idx;
ALTER TABLE stroke_rollup_cell RENAME TO stroke_rollup_cell_utc_day;
ALTER TABLE stroke_rollup_cell_utc_day RENAME CONSTRAINT stroke_rollup_cell_pkey TO stroke_rollup_cell_utc_day_pkey;
ALTER INDEX stroke_rollup_cell_day_idx RENAME TO stroke_rollup_cell_utc_day_day_idx;

CREATE TABLE stroke_rollup_region (
  -- The finest region holding the stroke: a city's GB/T 2260 code, or a province's where no city holds it.
  code char(6) NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  -- The start of the UTC hour.
  hour timestamptz NOT NULL CHECK (extract(epoch FROM hour)::bigint % 3600 = 0),
  strokes integer NOT NULL, cg integer NOT NULL, ic integer NOT NULL,
  cg_pos integer NOT NULL, cg_neg integer NOT NULL, ic_pos integer NOT NULL, ic_neg integer NOT NULL,
  flashes integer NOT NULL, cg_flashes integer NOT NULL,
  sum_abs_ka double precision NOT NULL, max_abs_ka real NOT NULL,
  k0 integer NOT NULL, k1 integer NOT NULL, k2 integer NOT NULL, k3 integer NOT NULL, k4 integer NOT NULL,
  k5 integer NOT NULL, k6 integer NOT NULL, k7 integer NOT NULL, k8 integer NOT NULL, k9 integer NOT NULL,
  m1 integer NOT NULL, m2 integer NOT NULL, m3 integer NOT NULL, m4 integer NOT NULL, m5 integer NOT NULL,
  first_time timestamptz NOT NULL, last_time timestamptz NOT NULL,
  PRIMARY KEY (code, hour)
);
-- The choropleth, the overview's busiest provinces, the data sheets and the rebuild read an hour range across
-- every region.
CREATE INDEX stroke_rollup_region_hour_idx ON stroke_rollup_region (hour);

CREATE TABLE stroke_rollup_cell (
  -- The cell's south-west corner in tenths of a degree: cy = floor(lat × 10), cx = floor(lon × 10).
  cy smallint NOT NULL CHECK (cy BETWEEN -900 AND 899),
  cx smallint NOT NULL CHECK (cx BETWEEN -1800 AND 1799),
  hour timestamptz NOT NULL CHECK (extract(epoch FROM hour)::bigint % 3600 = 0),
  strokes integer NOT NULL, cg integer NOT NULL, ic integer NOT NULL,
  cg_pos integer NOT NULL, cg_neg integer NOT NULL, ic_pos integer NOT NULL, ic_neg integer NOT NULL,
  flashes integer NOT NULL, cg_flashes integer NOT NULL,
  sum_abs_ka double precision NOT NULL, max_abs_ka real NOT NULL,
  k0 integer NOT NULL, k1 integer NOT NULL, k2 integer NOT NULL, k3 integer NOT NULL, k4 integer NOT NULL,
  k5 integer NOT NULL, k6 integer NOT NULL, k7 integer NOT NULL, k8 integer NOT NULL, k9 integer NOT NULL,
  m1 integer NOT NULL, m2 integer NOT NULL, m3 integer NOT NULL, m4 integer NOT NULL, m5 integer NOT NULL,
  first_time timestamptz NOT NULL, last_time timestamptz NOT NULL,
  PRIMARY KEY (cy, cx, hour)
);
CREATE INDEX stroke_rollup_cell_hour_idx ON stroke_rollup_cell (hour);
