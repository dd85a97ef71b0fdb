import { type GridModelResult, MAX_GRID_CELLS } from '@thunderwatch/domain/models/model-grid';
import { type ForecastRequest, ForecastResponse } from '@thunderwatch/shared/schemas/models';
import { Value } from 'typebox/value';

/** How far ahead of this server's clock an issue time may be (clocks differ a little, not by hours). */
const FUTURE_SLACK_MS = 10 * 60_000;

export class BadUpstreamAnswer extends Error {}

/** How the reason of a `BadUpstreamAnswer` starts: it crosses the worker's boundary as text only. */
export const INVALID_ANSWER = "the forecast service's answer is not valid: ";

const fail = (message: string): never => {
  throw new BadUpstreamAnswer(`${INVALID_ANSWER}${message}`);
};

/**
 * An external forecast service's answer, checked strictly against what was asked (see `ForecastResponse`):
 * every element and step asked for exactly once, each in the element's unit, on a sane grid whose values are
 * rows × cols numbers or nulls. Anything else throws `BadUpstreamAnswer` naming the first problem, and the
 * run fails with it: a wrong answer is never stored.
 */
export function parseForecast(
  text: string,
  request: ForecastRequest,
  units: ReadonlyMap<string, string>,
  nowMs: number,
): { result: GridModelResult; issuedAtMs: number } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail('it is not JSON');
  }
  if (!Value.Check(ForecastResponse, body)) {
    const first = Value.Errors(ForecastResponse, body)[0];
    return fail(`${first?.instancePath || '/'} ${first?.message ?? 'does not match the contract'}`);
  }
  const { grid, fields } = body;
  const issuedAtMs = Date.parse(body.issued_at);
  if (issuedAtMs > nowMs + FUTURE_SLACK_MS) fail(`issued_at ${body.issued_at} is in the future`);
  const cells = grid.cols * grid.rows;
  if (!(grid.cell_deg > 0 && grid.cell_deg <= 10)) fail('grid.cell_deg must be above 0 and at most 10');
  if (cells > MAX_GRID_CELLS) fail(`the grid has ${cells} cells, more than ${MAX_GRID_CELLS}`);
  if (grid.west < -180 || grid.west + grid.cols * grid.cell_deg > 180 + grid.cell_deg)
    fail('the grid leaves -180…180°');
  if (grid.south < -90 || grid.south + grid.rows * grid.cell_deg > 90 + grid.cell_deg)
    fail('the grid leaves -90…90°');
  const seen = new Set<string>();
  const frames = fields.map((f, k) => {
    const where = `fields/${k} (${f.element} +${f.step_h} h)`;
    const unit = units.get(f.element);
    if (unit === undefined || !request.elements.includes(f.element))
      fail(`${where}: element was not asked for`);
    if (!request.steps_h.includes(f.step_h)) fail(`${where}: step was not asked for`);
    if (f.unit !== unit) fail(`${where}: unit "${f.unit}", expected "${unit}"`);
    const key = `${f.element}@${f.step_h}`;
    if (seen.has(key)) fail(`${where}: given twice`);
    seen.add(key);
    if (f.values.length !== cells) fail(`${where}: ${f.values.length} values for ${cells} grid cells`);
    const values = Float32Array.from(f.values, (v) => (v === null ? Number.NaN : v));
    return { element: f.element, fromMin: (f.step_h - 1) * 60, toMin: f.step_h * 60, values };
  });
  for (const element of request.elements) {
    for (const step of request.steps_h)
      if (!seen.has(`${element}@${step}`)) fail(`${element} +${step} h is missing`);
  }
  return {
    result: {
      grid: { west: grid.west, south: grid.south, cellDeg: grid.cell_deg, cols: grid.cols, rows: grid.rows },
      frames,
      facts: { issued_at: body.issued_at, fields: frames.length },
    },
    issuedAtMs,
  };
}
