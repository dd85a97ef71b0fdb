-- Radar mosaics larger than a stored grid (4,000 cells a side) are stored block-reduced: the size of the
-- file's grid, and the source cells per stored cell along a side. Frames stored before are their own source.

ALTER TABLE radar_frames ADD COLUMN source_cols integer;
ALTER TABLE radar_frames ADD COLUMN source_rows integer;
ALTER TABLE radar_frames ADD COLUMN source_block integer NOT NULL DEFAULT 1 CHECK (source_block >= 1);
UPDATE radar_frames SET source_cols = cols, source_rows = rows;
ALTER TABLE radar_frames ALTER COLUMN source_cols SET NOT NULL;
ALTER TABLE radar_frames ALTER COLUMN source_rows SET NOT NULL;
ALTER TABLE radar_frames ADD CONSTRAINT radar_frames_source_size_check
  CHECK (source_cols BETWEEN 1 AND 16384 AND source_rows BETWEEN 1 AND 16384);
