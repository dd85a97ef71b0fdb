-- Daily stroke rollups for the statistics (/api/statistics/…): what each region and each 0.1° cell saw in
-- each UTC day. The ingest adds every stored batch's counts in the same transaction as the strokes
-- (INSERT … ON CONFLICT DO UPDATE adding deltas, so any arrival order adds up); `npm run rollups-rebuild`
-- recomputes days from the raw strokes. Retention drops raw strokes only: the rollups are kept for good
-- (a region-day is one row, a cell-day one row, where a day may hold millions of strokes).
--
-- Columns of both tables: strokes; cg / ic; cg_pos, cg_neg, ic_pos, ic_neg (positive: peak_ka > 0);
-- flashes and cg_flashes (counted at a flash's earliest stroke); sum_abs_ka, max_abs_ka; k0…k9 strokes per
-- |kA| bucket [0,5) [5,10) [10,20) [20,30) [30,50) [50,75) [75,100) [100,150) [150,200) [200,∞); m1…m5
-- strokes per reported multiplicity 1, 2, 3, 4, ≥5; h0…h23 strokes and g0…g23 CG strokes per UTC hour;
-- first_time, last_time.

CREATE TABLE stroke_rollup_region (
  -- The finest region holding the stroke: a city's GB/T 2260 code, or a province's where no city holds it
  -- (a province's statistics sum the codes starting with its two digits).
  code char(6) NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  day date NOT NULL,
  strokes integer NOT NULL, cg integer NOT NULL, ic integer NOT NULL,
  cg_pos integer NOT NULL, cg_neg integer NOT NULL, ic_pos integer NOT NULL, ic_neg integer NOT NULL,
  flashes integer NOT NULL, cg_flashes integer NOT NULL,
  sum_abs_ka double precision NOT NULL, max_abs_ka real NOT NULL,
  k0 integer NOT NULL, k1 integer NOT NULL, k2 integer NOT NULL, k3 integer NOT NULL, k4 integer NOT NULL,
  k5 integer NOT NULL, k6 integer NOT NULL, k7 integer NOT NULL, k8 integer NOT NULL, k9 integer NOT NULL,
  m1 integer NOT NULL, m2 integer NOT NULL, m3 integer NOT NULL, m4 integer NOT NULL, m5 integer NOT NULL,
  h0 integer NOT NULL, h1 integer NOT NULL, h2 integer NOT NULL, h3 integer NOT NULL, h4 integer NOT NULL,
  h5 integer NOT NULL, h6 integer NOT NULL, h7 integer NOT NULL, h8 integer NOT NULL, h9 integer NOT NULL,
  h10 integer NOT NULL, h11 integer NOT NULL, h12 integer NOT NULL, h13 integer NOT NULL, h14 integer NOT NULL,
  h15 integer NOT NULL, h16 integer NOT NULL, h17 integer NOT NULL, h18 integer NOT NULL, h19 integer NOT NULL,
  h20 integer NOT NULL, h21 integer NOT NULL, h22 integer NOT NULL, h23 integer NOT NULL,
  g0 integer NOT NULL, g1 integer NOT NULL, g2 integer NOT NULL, g3 integer NOT NULL, g4 integer NOT NULL,
  g5 integer NOT NULL, g6 integer NOT NULL, g7 integer NOT NULL, g8 integer NOT NULL, g9 integer NOT NULL,
  g10 integer NOT NULL, g11 integer NOT NULL, g12 integer NOT NULL, g13 integer NOT NULL, g14 integer NOT NULL,
  g15 integer NOT NULL, g16 integer NOT NULL, g17 integer NOT NULL, g18 integer NOT NULL, g19 integer NOT NULL,
  g20 integer NOT NULL, g21 integer NOT NULL, g22 integer NOT NULL, g23 integer NOT NULL,
  first_time timestamptz NOT NULL, last_time timestamptz NOT NULL,
  PRIMARY KEY (code, day)
);
-- The choropleth and the rebuild read one day range across every region.
CREATE INDEX stroke_rollup_region_day_idx ON stroke_rollup_region (day);

CREATE TABLE stroke_rollup_cell (
  -- The cell's south-west corner in tenths of a degree: cy = floor(lat × 10), cx = floor(lon × 10).
  cy smallint NOT NULL CHECK (cy BETWEEN -900 AND 899),
  cx smallint NOT NULL CHECK (cx BETWEEN -1800 AND 1799),
  day date NOT NULL,
  strokes integer NOT NULL, cg integer NOT NULL, ic integer NOT NULL,
  cg_pos integer NOT NULL, cg_neg integer NOT NULL, ic_pos integer NOT NULL, ic_neg integer NOT NULL,
  flashes integer NOT NULL, cg_flashes integer NOT NULL,
  sum_abs_ka double precision NOT NULL, max_abs_ka real NOT NULL,
  k0 integer NOT NULL, k1 integer NOT NULL, k2 integer NOT NULL, k3 integer NOT NULL, k4 integer NOT NULL,
  k5 integer NOT NULL, k6 integer NOT NULL, k7 integer NOT NULL, k8 integer NOT NULL, k9 integer NOT NULL,
  m1 integer NOT NULL, m2 integer NOT NULL, m3 integer NOT NULL, m4 integer NOT NULL, m5 integer NOT NULL,
  h0 integer NOT NULL, h1 integer NOT NULL, h2 integer NOT NULL, h3 integer NOT NULL, h4 integer NOT NULL,
  h5 integer NOT NULL, h6 integer NOT NULL, h7 integer NOT NULL, h8 integer NOT NULL, h9 integer NOT NULL,
  h10 integer NOT NULL, h11 integer NOT NULL, h12 integer NOT NULL, h13 integer NOT NULL, h14 integer NOT NULL,
  h15 integer NOT NULL, h16 integer NOT NULL, h17 integer NOT NULL, h18 integer NOT NULL, h19 integer NOT NULL,
  h20 integer NOT NULL, h21 integer NOT NULL, h22 integer NOT NULL, h23 integer NOT NULL,
  g0 integer NOT NULL, g1 integer NOT NULL, g2 integer NOT NULL, g3 integer NOT NULL, g4 integer NOT NULL,
  g5 integer NOT NULL, g6 integer NOT NULL, g7 integer NOT NULL, g8 integer NOT NULL, g9 integer NOT NULL,
  g10 integer NOT NULL, g11 integer NOT NULL, g12 integer NOT NULL, g13 integer NOT NULL, g14 integer NOT NULL,
  g15 integer NOT NULL, g16 integer NOT NULL, g17 integer NOT NULL, g18 integer NOT NULL, g19 integer NOT NULL,
  g20 integer NOT NULL, g21 integer NOT NULL, g22 integer NOT NULL, g23 integer NOT NULL,
  first_time timestamptz NOT NULL, last_time timestamptz NOT NULL,
  PRIMARY KEY (cy, cx, day)
);
CREATE INDEX stroke_rollup_cell_day_idx ON stroke_rollup_cell (day);
