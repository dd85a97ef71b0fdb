import type { RowProblem, StationInput } from '@thunderwatch/domain/weather/observation-fields';
import type { ErrorDetail } from '@thunderwatch/shared/error-codes';
import type { RejectedRow } from '@thunderwatch/shared/schemas/kit';
import type { WeatherIngestResult } from '@thunderwatch/shared/schemas/weather';
import type { Database } from '../../../db/database.js';
import { transactionRetryingConflicts } from '../../../db/retry-conflicts.js';
import { AppError } from '../../../lib/app-error.js';
import type { ReadingRow, ReadingsRepo } from './readings-repo.js';
import type { StationsRepo } from './stations-repo.js';

/** Problems named in a 400 or rows named in `rejected` at most: enough to fix a file, not a megabyte of errors. */
const MAX_DETAILS = 100;

export interface StationReading {
  row: number;
  station: StationInput;
  timeMs: number;
  values: readonly (number | null)[];
}

/** A 400 naming each bad row and field (row n of a CSV is its n-th line after the header). */
export function rowsRefused(problems: readonly RowProblem[]): AppError {
  const details: ErrorDetail[] = problems
    .slice(0, MAX_DETAILS)
    .map((p) => ({ field: p.row === 0 ? p.field : `rows/${p.row}/${p.field}`, message: p.message }));
  const more = problems.length > MAX_DETAILS ? ` (first ${MAX_DETAILS} of ${problems.length} shown)` : '';
  const first = details[0];
  return new AppError(
    'validation.failed',
    400,
    `${problems.length} problem(s), nothing stored; first: ${first?.field} ${first?.message}${more}`,
    details,
  );
}

/**
 * Decides what a batch's problems cost: a problem of the whole batch (row 0: not an array, a bad header)
 * or a batch with no valid row left refuses it with 400 naming each problem; otherwise the valid rows are
 * kept and the bad ones reported in the answer.
 */
export function refuseUnlessSomeValid(validRows: number, problems: readonly RowProblem[]): void {
  if (problems.length > 0 && (validRows === 0 || problems.some((p) => p.row === 0)))
    throw rowsRefused(problems);
}

/** The rows refused, in row order: the first `MAX_DETAILS` and how many in all. */
export function rejectedOf(problems: readonly RowProblem[]): {
  rejected: RejectedRow[];
  rejected_total: number;
} {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return {
    rejected: sorted.slice(0, MAX_DETAILS).map(({ row, field, message }) => ({ row, field, message })),
    rejected_total: problems.length,
  };
}

/**
 * Stores the valid rows of a batch of station readings: the stations the rows describe are added or updated
 * and the readings written in one transaction, so a batch acknowledged is a batch stored. A row for a station
 * not yet known must carry its position; one that does not is refused on its own, as the rows the parser
 * refused (`problems`). Of two rows for the same station and time, the later one wins. No valid row: 400.
 */
export async function writeStationReadings<C extends string>(
  d: { db: Database; stations: StationsRepo; readings: ReadingsRepo<C> },
  source: string,
  parsedRows: readonly StationReading[],
  parseProblems: readonly RowProblem[] = [],
): Promise<WeatherIngestResult> {
  refuseUnlessSomeValid(parsedRows.length, parseProblems);
  const described = new Map<string, StationInput & { lat: number; lon: number }>();
  for (const r of parsedRows) {
    const s = r.station;
    if (s.lat !== null && s.lon !== null) described.set(s.id, { ...s, lat: s.lat, lon: s.lon });
  }
  const ids = [...new Set(parsedRows.map((r) => r.station.id))];
  const known = new Set((await d.stations.byIds(ids.filter((id) => !described.has(id)))).map((s) => s.id));
  const problems: RowProblem[] = [...parseProblems];
  const rows: StationReading[] = [];
  for (const r of parsedRows) {
    if (described.has(r.station.id) || known.has(r.station.id)) rows.push(r);
    else
      problems.push({
        row: r.row,
        field: 'station',
        message: `${r.station.id} is not known: give its lat and lon (and name, elevation) with a reading`,
      });
  }
  refuseUnlessSomeValid(rows.length, problems);
  const rejected = rejectedOf(problems);
  if (rows.length === 0) return { stored: 0, stations: 0, ...rejected };
  const unique = new Map<string, ReadingRow>();
  for (const r of rows)
    unique.set(`${r.station.id}\u0000${r.timeMs}`, {
      stationId: r.station.id,
      timeMs: r.timeMs,
      values: r.values,
    });
  await d.readings.preparePartitions(rows.map((r) => r.timeMs));
  const stations = [...described.values()].sort((a, b) => compare(a.id, b.id));
  const readings = [...unique.values()].sort(
    (a, b) => compare(a.stationId, b.stationId) || a.timeMs - b.timeMs,
  );
  return transactionRetryingConflicts(d.db, async (tx) => {
    await d.stations.upsert(stations, source, tx);
    const stored = await d.readings.insert(readings, source, tx);
    return { stored, stations: described.size, ...rejected };
  });
}

/** Code-point order, the same in every process (not the locale's). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
