-- Storm cells: the cell tracker's steps (one a minute, on the node holding the `cell-tracker` lease).

-- One row per step: the step's cells as the GeoJSON features /api/scz answers (with their nowcasts).
CREATE TABLE cell_steps (
  time timestamptz PRIMARY KEY,
  features jsonb NOT NULL,
  cell_count integer NOT NULL CHECK (cell_count >= 0),
  jumps integer NOT NULL CHECK (jumps >= 0)
);

-- Each cell of each step, for the tracks of /api/scz_query_range (range and bbox on the centroid).
CREATE TABLE cells (
  step_time timestamptz NOT NULL REFERENCES cell_steps (time) ON DELETE CASCADE,
  id text NOT NULL CHECK (length(id) <= 40),
  born_at timestamptz NOT NULL,
  parents jsonb NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL,
  area_km2 double precision NOT NULL,
  flash_rate double precision NOT NULL,
  cg_rate double precision NOT NULL,
  lifecycle text NOT NULL,
  jump boolean NOT NULL,
  PRIMARY KEY (step_time, id)
);
CREATE INDEX cells_id_idx ON cells (id, step_time);

-- What the tracker remembers after its last step (ids, histories, tracks): a new term continues from it.
CREATE TABLE cell_tracker_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  time timestamptz NOT NULL,
  state jsonb NOT NULL
);

