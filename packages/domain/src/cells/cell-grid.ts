/**
 * A fixed 0.5° lon/lat grid whose cells list the boxes that overlap them, stored flat and with a copy of
 * each location's hot numbers (the "payload") beside its box. A lookup then reads one cell's contiguous
 * memory and nothing else for most candidates, which is what keeps 100,000 locations fast: an R-tree's
 * one-object-per-box leaves cost a cache miss per box. Meant for compact boxes; the index keeps wide ones
 * (continents, polar caps) in its R-tree.
 */
import type { LonLatBox } from '../geo/shape-bounds.js';

const CELL_DEG = 0.5;
const COLS = 360 / CELL_DEG;
const ROWS = 180 / CELL_DEG;
const INITIAL_CAPACITY = 8;

export interface Cell {
  count: number;
  /** minLon, minLat, maxLon, maxLat per entry. */
  boxes: Float64Array;
  /** `payloadStride` numbers per entry, as given to `add`. */
  payload: Float64Array;
  slots: Int32Array;
}

function column(lon: number): number {
  return Math.min(COLS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEG)));
}

function row(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
}

export class CellGrid {
  private readonly cells: (Cell | undefined)[] = new Array<Cell | undefined>(COLS * ROWS).fill(undefined);

  constructor(private readonly payloadStride: number) {}

  /** How many cells a box would be listed in. */
  static cellsSpanned([minLon, minLat, maxLon, maxLat]: LonLatBox): number {
    return (column(maxLon) - column(minLon) + 1) * (row(maxLat) - row(minLat) + 1);
  }

  /** The cell holding the point (lon in [-180, 180)), or undefined when no box overlaps it. */
  cellAt(lat: number, lon: number): Cell | undefined {
    return this.cells[row(lat) * COLS + column(lon)];
  }

  /** Lists `slot` with its box and payload in every cell the box overlaps. */
  add(slot: number, box: LonLatBox, payload: Float64Array): void {
    const [minLon, minLat, maxLon, maxLat] = box;
    const k = this.payloadStride;
    for (let r = row(minLat); r <= row(maxLat); r++) {
      for (let c = column(minLon); c <= column(maxLon); c++) {
        const key = r * COLS + c;
        let cell = this.cells[key];
        if (cell === undefined) {
          cell = {
            count: 0,
            boxes: new Float64Array(4 * INITIAL_CAPACITY),
            payload: new Float64Array(k * INITIAL_CAPACITY),
            slots: new Int32Array(INITIAL_CAPACITY),
          };
          this.cells[key] = cell;
        }
        if (cell.count === cell.slots.length) this.grow(cell);
        cell.boxes.set(box, cell.count * 4);
        cell.payload.set(payload, cell.count * k);
        cell.slots[cell.count] = slot;
        cell.count++;
      }
    }
  }

  /** Removes `slot` from every cell the box overlaps (the same box it was added with). */
  remove(slot: number, box: LonLatBox): void {
    const [minLon, minLat, maxLon, maxLat] = box;
    const k = this.payloadStride;
    for (let r = row(minLat); r <= row(maxLat); r++) {
      for (let c = column(minLon); c <= column(maxLon); c++) {
        const key = r * COLS + c;
        const cell = this.cells[key];
        if (cell === undefined) continue;
        const i = cell.slots.subarray(0, cell.count).indexOf(slot);
        if (i < 0) continue;
        // Move the last entry into the gap: order within a cell does not matter.
        const last = --cell.count;
        cell.slots[i] = cell.slots[last] as number;
        cell.boxes.copyWithin(i * 4, last * 4, last * 4 + 4);
        cell.payload.copyWithin(i * k, last * k, last * k + k);
        if (cell.count === 0) this.cells[key] = undefined;
      }
    }
  }

  private grow(cell: Cell): void {
    // 1.5×, not 2×: with half a million entries the slack is memory that matters.
    const n = Math.ceil(cell.slots.length * 1.5);
    const slots = new Int32Array(n);
    slots.set(cell.slots);
    const boxes = new Float64Array(4 * n);
    boxes.set(cell.boxes);
    const payload = new Float64Array(this.payloadStride * n);
    payload.set(cell.payload);
    cell.slots = slots;
    cell.boxes = boxes;
    cell.payload = payload;
  }
}
