import { quantityInfo } from '@thunderwatch/domain/weather/radar-legends';
import type { RadarIngestQuery, RadarIngestResult } from '@thunderwatch/shared/schemas/radar';
import { RADAR_PRODUCT_PATTERN } from '@thunderwatch/shared/schemas/radar';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { checkPngCost, type DecodeLimits } from './decode-budget.js';
import { isHdf5 } from './odim.js';
import type { PngCompositeParams } from './png-composite.js';
import { isPng, readPng } from './png-rows.js';
import type { PrepareInput } from './prepare-frame.js';
import type { RadarFiles } from './radar-files.js';
import { badFile, checkGridSize, type DecodedFrame } from './radar-frame.js';
import type { RadarPreparer } from './radar-preparer.js';
import type { RadarRepo } from './radar-repo.js';

const DAY_MS = 86_400_000;
/** How far ahead a frame may be: nowcasts run a few hours ahead of the analysis. */
export const RADAR_MAX_AHEAD_MS = 6 * 3_600_000;

/**
 * Stores radar frames from feeds and the simulator: decoded and drawn by the preparer (a worker thread),
 * written as files, then recorded. One frame per product and time: the same frame again changes nothing,
 * a different one (a corrected composite) replaces it.
 */
export class RadarIngest {
  constructor(
    private readonly d: {
      db: Database;
      repo: RadarRepo;
      files: RadarFiles;
      preparer: RadarPreparer;
      /** What a file's decode may cost (the worker checks it too; a PNG's header is checked here at once). */
      decodeLimits: DecodeLimits;
      retentionDays: number;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  /** An uploaded file: ODIM_H5, or a PNG with its bounds, time and ramp in the query. */
  async upload(source: string, body: Uint8Array, q: RadarIngestQuery): Promise<RadarIngestResult> {
    // A copy of its own: the bytes are handed to the worker thread.
    const bytes = new Uint8Array(body);
    let input: PrepareInput;
    if (isHdf5(bytes)) input = { kind: 'odim', bytes };
    else if (isPng(bytes)) {
      const params = pngParams(q);
      this.checkWindow(params.timeMs);
      // Its header is a few bytes in: a PNG the worker would refuse is refused without waiting for one.
      const { header } = readPng(bytes);
      checkGridSize(header.width, header.height, '(body)');
      checkPngCost(header, this.d.decodeLimits);
      input = { kind: 'png', bytes, params };
    } else throw badFile('neither HDF5 (ODIM_H5) nor PNG: the file starts with neither signature');
    const frame = await this.d.preparer.prepare(input);
    return this.store(source, { ...frame, product: q.product ?? frame.product ?? 'radar' });
  }

  /** A frame made in memory (the simulator's), stored the same way. */
  async frame(source: string, frame: DecodedFrame & { product: string }): Promise<RadarIngestResult> {
    this.checkWindow(frame.timeMs);
    const prepared = await this.d.preparer.prepare({ kind: 'frame', frame });
    return this.store(source, { ...prepared, product: frame.product });
  }

  private checkWindow(timeMs: number): void {
    const now = this.d.now().getTime();
    const oldest = this.d.retentionDays > 0 ? now - this.d.retentionDays * DAY_MS : -Infinity;
    if (timeMs < oldest || timeMs > now + RADAR_MAX_AHEAD_MS) {
      throw new AppError(
        'radar.out_of_window',
        400,
        `frame time ${new Date(timeMs).toISOString()} is outside the window kept (${this.d.retentionDays} days back, 6 h ahead)`,
        [{ field: 'time', message: 'is outside the window' }],
      );
    }
  }

  private async store(
    source: string,
    f: Awaited<ReturnType<RadarPreparer['prepare']>> & { product: string },
  ): Promise<RadarIngestResult> {
    if (!new RegExp(RADAR_PRODUCT_PATTERN).test(f.product))
      throw badFile(`product "${f.product}" is not a valid name`, 'product');
    this.checkWindow(f.timeMs);
    const info = quantityInfo(f.quantity);
    if (!info) throw new AppError('radar.unsupported_quantity', 400, `quantity ${f.quantity} is not read`);
    const time = new Date(f.timeMs);
    const names = this.d.files.namesFor(f.product, f.timeMs, f.hash);
    const result = {
      product: f.product,
      time: time.toISOString(),
      quantity: f.quantity,
      units: info.units,
      cols: f.cols,
      rows: f.rows,
      source_grid: f.sourceGrid,
    };
    const existing = await this.d.repo.hashOf(f.product, time);
    if (existing?.hash === f.hash) return { ...result, status: 'unchanged' };
    await this.d.files.write(names.grid, f.grid);
    await this.d.files.write(names.image, f.png);
    const old = await this.d.db.transaction(async (tx) => {
      const before = await this.d.repo.hashOf(f.product, time, tx);
      await this.d.repo.upsert(
        { ...f, source, units: info.units },
        { grid_file: names.grid, image_file: names.image },
        tx,
      );
      return before;
    });
    if (old && old.grid_file !== names.grid) await this.d.files.remove([old.grid_file, old.image_file]);
    return { ...result, status: old ? 'replaced' : 'stored' };
  }

  /** Retention: frames older than `before`, rows and files. */
  async purgeBefore(before: Date): Promise<number> {
    const gone = await this.d.repo.purgeBefore(before);
    for (const f of gone) await this.d.files.remove([f.grid_file, f.image_file]);
    return gone.length;
  }
}

function pngParams(q: RadarIngestQuery): PngCompositeParams {
  const { west, south, east, north, time, ramp } = q;
  if (
    west === undefined ||
    south === undefined ||
    east === undefined ||
    north === undefined ||
    time === undefined ||
    ramp === undefined
  ) {
    const missing = Object.entries({ west, south, east, north, time, ramp })
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    throw new AppError(
      'validation.failed',
      400,
      `a PNG composite needs ${missing.join(', ')} in the query (bounds in degrees, ISO time, ramp n0r or n0q)`,
      missing.map((field) => ({ field, message: 'is required for a PNG' })),
    );
  }
  if (!(west < east) || !(south < north)) {
    throw new AppError('validation.failed', 400, 'west must be below east and south below north', [
      {
        field: west < east ? 'south' : 'west',
        message: west < east ? 'must be less than north' : 'must be less than east',
      },
    ]);
  }
  return { product: q.product ?? ramp, timeMs: Date.parse(time), bounds: { west, south, east, north }, ramp };
}
