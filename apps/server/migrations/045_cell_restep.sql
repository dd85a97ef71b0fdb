-- Storm cells for strokes the live cell tracker never read (an archive import, a feed that arrived late):
-- the UTC hours whose tracker steps must run again. A row is written in the transaction that
-- stores such strokes (`StrokesRepo.insert`), so a restart or failover still does it; the tracker's leader
-- re-steps the hour once it is past the live tracker's reach (`pipeline/cells/cell-restep.ts`).
CREATE TABLE cell_restep_blocks (
  -- The hour's start: its steps are the whole minutes in [block, block + 1 h).
  block timestamptz PRIMARY KEY,
  -- Bumped by every insert of late strokes that count in the hour; `done` is the value the last finished
  -- re-step started from, so the hour is pending while requested > done (strokes stored during a re-step
  -- make it run again).
  requested integer NOT NULL DEFAULT 1,
  requested_at timestamptz NOT NULL,
  done integer NOT NULL DEFAULT 0,
  started_at timestamptz,
  finished_at timestamptz,
  -- Progress of the run under way (or the last): the last minute gone through, steps written, strokes read.
  through timestamptz,
  steps integer NOT NULL DEFAULT 0,
  strokes integer,
  -- The tracker's state after the hour's last step: the next hour's re-step continues from it.
  end_state jsonb,
  error text
);
CREATE INDEX cell_restep_pending_idx ON cell_restep_blocks (block) WHERE requested > done;
