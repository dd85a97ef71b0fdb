-- Custom map layers a group admin adds (GeoJSON drawn as is, or a tile URL the browser loads; the server never
-- fetches it), seen by their group only.
CREATE TABLE custom_layers (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('geojson', 'xyz', 'wms', 'tilejson')),
  geojson jsonb,
  url text CHECK (length(url) <= 2000),
  attribution text NOT NULL DEFAULT '' CHECK (length(attribution) <= 200),
  color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  opacity double precision NOT NULL CHECK (opacity BETWEEN 0 AND 1),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((kind = 'geojson') = (geojson IS NOT NULL) AND (kind = 'geojson') = (url IS NULL))
);
CREATE INDEX custom_layers_group_idx ON custom_layers (group_id, id);

-- Saved map views: private to their owner or shared with the group; `rotation` lists scenes a wall screen
-- steps through ([{scene_id, seconds}]), checked when saved.
CREATE TABLE scenes (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  owner_id bigint REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  shared boolean NOT NULL,
  -- {center, zoom, bearing, layers, time, filters}
  view jsonb NOT NULL,
  rotation jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX scenes_group_idx ON scenes (group_id, id);
