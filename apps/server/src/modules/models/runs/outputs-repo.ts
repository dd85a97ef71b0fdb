import type { GridGeometry, ModelOutput } from '@thunderwatch/shared/schemas/models';
import type { Queryable } from '../../../db/database.js';

/** What a run produced, as stored: everything of `ModelOutput` but the run. */
export type StoredOutput = Omit<ModelOutput, 'type' | 'run'>;

/** One frame's values: gzipped little-endian float32, rows × cols (NaN where unknown). */
export interface StoredFrame {
  element: string;
  fromMin: number;
  toMin: number;
  data: Uint8Array;
}

/** Outputs of model runs: the contours and facts as JSON, each frame's grid as bytes. */
export class OutputsRepo {
  constructor(private readonly db: Queryable) {}

  async insert(
    tx: Queryable,
    runId: number,
    output: StoredOutput,
    frames: readonly StoredFrame[],
  ): Promise<void> {
    await tx.query(
      'INSERT INTO model_outputs (run_id, grid, frames, facts, features) VALUES ($1, $2, $3, $4, $5)',
      [
        runId,
        JSON.stringify(output.grid),
        JSON.stringify(output.frames),
        JSON.stringify(output.facts),
        JSON.stringify(output.features),
      ],
    );
    for (const f of frames) {
      await tx.query(
        'INSERT INTO model_output_frames (run_id, element, from_min, to_min, data) VALUES ($1, $2, $3, $4, $5)',
        [runId, f.element, f.fromMin, f.toMin, f.data],
      );
    }
  }

  async get(runId: number): Promise<StoredOutput | null> {
    const r = await this.db.query<StoredOutput>(
      'SELECT grid, frames, facts, features FROM model_outputs WHERE run_id = $1',
      [runId],
    );
    return r.rows[0] ?? null;
  }

  async frame(
    runId: number,
    element: string,
    fromMin: number,
  ): Promise<{ grid: GridGeometry; toMin: number; data: Uint8Array } | null> {
    const r = await this.db.query<{ grid: GridGeometry; to_min: number; data: Uint8Array }>(
      `SELECT o.grid, f.to_min, f.data FROM model_output_frames f JOIN model_outputs o ON o.run_id = f.run_id
       WHERE f.run_id = $1 AND f.element = $2 AND f.from_min = $3`,
      [runId, element, fromMin],
    );
    const row = r.rows[0];
    return row ? { grid: row.grid, toMin: row.to_min, data: row.data } : null;
  }
}
