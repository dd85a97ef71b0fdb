import { inflateSync } from 'node:zlib';
import type { TrackerRadar } from '@thunderwatch/domain/cells/cell-tracker';
import { radarObjects } from '@thunderwatch/domain/weather/radar-objects';
import { projectionOf } from '../../modules/weather/radar/projection.js';
import type { RadarFiles } from '../../modules/weather/radar/radar-files.js';
import { codesOf, type Dtype } from '../../modules/weather/radar/radar-frame.js';
import type { RadarFrameRow } from '../../modules/weather/radar/radar-repo.js';

/** A stored reflectivity frame as the cell worker reads it: its grid file and what the row says of it. */
export interface CellRadarFrame {
  product: string;
  timeMs: number;
  gridFile: string;
  dtype: Dtype;
  cols: number;
  rows: number;
  projdef: string;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  gain: number;
  offset: number;
  nodata: number;
  undetect: number;
}

export function cellRadarFrameOf(row: RadarFrameRow): CellRadarFrame {
  return {
    product: row.product,
    timeMs: row.time.getTime(),
    gridFile: row.grid_file,
    dtype: row.dtype,
    cols: row.cols,
    rows: row.rows,
    projdef: row.projdef,
    x0: row.x0,
    y0: row.y0,
    dx: row.dx,
    dy: row.dy,
    gain: row.gain,
    offset: row.value_offset,
    nodata: row.nodata,
    undetect: row.undetect,
  };
}

/**
 * Reads a frame's grid file and finds its reflectivity objects (`radarObjects`), on the cell worker. One
 * frame serves the 5 or 6 steps until the next: its objects are kept, by file (a file's name carries the
 * frame's time and content hash).
 */
export class CellRadarReader {
  private last: { file: string; radar: TrackerRadar } | null = null;

  constructor(private readonly files: RadarFiles) {}

  async objects(f: CellRadarFrame): Promise<TrackerRadar> {
    if (this.last?.file === f.gridFile) return this.last.radar;
    const codes = codesOf(f.dtype, inflateSync(await this.files.read(f.gridFile)));
    if (codes.length !== f.cols * f.rows) {
      throw new Error(`radar grid file ${f.gridFile} has ${codes.length} cells, not ${f.cols} × ${f.rows}`);
    }
    const objects = radarObjects({
      cols: f.cols,
      rows: f.rows,
      codes,
      scale: { gain: f.gain, offset: f.offset, nodata: f.nodata, undetect: f.undetect },
      georef: { projdef: f.projdef, x0: f.x0, y0: f.y0, dx: f.dx, dy: f.dy },
      inverse: projectionOf(f.projdef).inverse,
    });
    const radar = { timeMs: f.timeMs, objects };
    this.last = { file: f.gridFile, radar };
    return radar;
  }
}
