import { type CompactPolygon, pointInPolygons } from '../regions/region-index.js';

/**
 * A fast exact point-in-polygon test for many points against one (multi)polygon, such as a province with
 * thousands of vertices: a grid over the polygon's box whose cells are marked "edge" where some edge's box
 * touches them. A point in a cell no edge touches takes the cell's answer (the cell lies wholly inside or
 * wholly outside, so its centre decides); only points in edge cells run the even–odd ray cast. Marking by the
 * edges' boxes over-marks cells near long diagonal edges, which costs ray casts but never a wrong answer.
 */
/** Cell states; 0 (the array's start) is outside. */
const IN = 1;
const EDGE = 2;

const DEFAULT_MASK_CELLS = 1_000_000;
/** The most cells a mask's grid may have: 16 MB. */
export const MASK_CELLS_LIMIT = 16_000_000;
/**
 * The most rows: filling the inside costs rows × edges (every row crosses every edge), so a thin, tall box of
 * a few edges (1e-6° by 50°) once made 500,000 rows and took seconds; a real area has hundreds to thousands.
 */
export const MASK_ROWS_LIMIT = 65_536;

export class PolygonMask {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
  private readonly cell: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly states: Uint8Array;

  /**
   * `maxCells` bounds the grid's memory (one byte a cell), itself at most MASK_CELLS_LIMIT (a budget of
   * 1e308 once meant a grid of billions of cells); a budget that is not a number from 1 takes the default.
   */
  constructor(
    private readonly polygons: readonly CompactPolygon[],
    budget = DEFAULT_MASK_CELLS,
  ) {
    const maxCells = budget >= 1 ? Math.min(budget, MASK_CELLS_LIMIT) : DEFAULT_MASK_CELLS;
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const rings of polygons)
      for (const ring of rings)
        for (let i = 0; i < ring.length; i += 2) {
          const x = ring[i] as number;
          const y = ring[i + 1] as number;
          w = Math.min(w, x);
          e = Math.max(e, x);
          s = Math.min(s, y);
          n = Math.max(n, y);
        }
    if (!Number.isFinite(w)) [w, s, e, n] = [0, 0, 0, 0];
    [this.west, this.south, this.east, this.north] = [w, s, e, n];
    const width = Math.max(e - w, 1e-9);
    const height = Math.max(n - s, 1e-9);
    // A thin box (1° by 1e16°) once made a column of billions of cells: each side alone fits the budget too.
    this.cell = Math.max(
      Math.sqrt((width * height) / maxCells),
      width / maxCells,
      height / maxCells,
      height / MASK_ROWS_LIMIT,
      1e-4,
    );
    this.cols = Math.max(1, Math.ceil(width / this.cell));
    this.rows = Math.max(1, Math.ceil(height / this.cell));
    this.states = new Uint8Array(this.cols * this.rows); // all outside until marked
    this.markEdges();
    this.fillInside();
  }

  contains(lon: number, lat: number): boolean {
    if (lon < this.west || lon > this.east || lat < this.south || lat > this.north) return false;
    const c = Math.min(this.cols - 1, Math.floor((lon - this.west) / this.cell));
    const r = Math.min(this.rows - 1, Math.floor((lat - this.south) / this.cell));
    const state = this.states[r * this.cols + c];
    if (state === EDGE) return pointInPolygons(lon, lat, this.polygons);
    return state === IN;
  }

  /** The box to filter candidates by before `contains`. */
  get bbox() {
    return { west: this.west, south: this.south, east: this.east, north: this.north };
  }

  /**
   * Cells no edge touches take their centre's answer, found row by row: the even–odd crossings of the row's
   * centre line with every edge, sorted, bound the runs of cells inside.
   */
  private fillInside(): void {
    const xs: number[] = [];
    for (let r = 0; r < this.rows; r++) {
      const y = this.south + (r + 0.5) * this.cell;
      xs.length = 0;
      for (const rings of this.polygons)
        for (const ring of rings) {
          const n = ring.length;
          for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
            const yi = ring[i + 1] as number;
            const yj = ring[j + 1] as number;
            if (yi > y === yj > y) continue;
            const xi = ring[i] as number;
            xs.push(xi + ((y - yi) * ((ring[j] as number) - xi)) / (yj - yi));
          }
        }
      xs.sort((a, b) => a - b);
      const base = r * this.cols;
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Cells whose centre x lies in [xs[k], xs[k + 1]).
        const first = Math.max(0, Math.ceil(((xs[k] as number) - this.west) / this.cell - 0.5));
        const last = Math.min(
          this.cols - 1,
          Math.ceil(((xs[k + 1] as number) - this.west) / this.cell - 0.5) - 1,
        );
        for (let c = first; c <= last; c++) if (this.states[base + c] !== EDGE) this.states[base + c] = IN;
      }
    }
  }

  private markEdges(): void {
    const col = (x: number) => Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.west) / this.cell)));
    const row = (y: number) => Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.south) / this.cell)));
    for (const rings of this.polygons)
      for (const ring of rings) {
        const n = ring.length;
        for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
          const [x1, y1, x2, y2] = [ring[j], ring[j + 1], ring[i], ring[i + 1]] as [
            number,
            number,
            number,
            number,
          ];
          // One cell of margin: a point on a cell's border belongs to either neighbour.
          const [c0, c1] = [col(Math.min(x1, x2)) - 1, col(Math.max(x1, x2)) + 1];
          const [r0, r1] = [row(Math.min(y1, y2)) - 1, row(Math.max(y1, y2)) + 1];
          for (let r = Math.max(0, r0); r <= Math.min(this.rows - 1, r1); r++)
            this.states.fill(
              EDGE,
              r * this.cols + Math.max(0, c0),
              r * this.cols + Math.min(this.cols - 1, c1) + 1,
            );
        }
      }
  }
}
