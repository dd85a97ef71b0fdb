/**
 * Where a radar grid lies and how it is redrawn in Web Mercator. A grid is `cols × rows` cells in some
 * projection (ODIM_H5 `where/projdef`), row 0 at the top; `x0, y0` is the outer corner of the upper-left
 * cell in projection units and `dx, dy` the cell size. The projection itself (proj4) is passed in, so this
 * module stays pure.
 */

export interface GridGeoref {
  projdef: string;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
}

export interface LonLatBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** lon/lat (degrees) → projection x/y, or null where the projection is undefined. */
export type Forward = (lon: number, lat: number) => [number, number] | null;
/** projection x/y → lon/lat (degrees), or null. */
export type Inverse = (x: number, y: number) => [number, number] | null;

/** Latitudes Web Mercator can draw (the square world of the tiles). */
export const MERCATOR_MAX_LAT = 85.05112878;

/** The projdef of a plain lat/lon grid (PNG composites, the simulator). */
export const LONLAT_PROJDEF = '+proj=longlat +datum=WGS84 +no_defs';

/** The georeference of a lat/lon grid spanning `bounds`. */
export function lonLatGeoref(bounds: LonLatBounds, cols: number, rows: number): GridGeoref {
  return {
    projdef: LONLAT_PROJDEF,
    x0: bounds.west,
    y0: bounds.north,
    dx: (bounds.east - bounds.west) / cols,
    dy: (bounds.north - bounds.south) / rows,
  };
}

/** Fractional column and row of a projected point (cell centres at .5). */
export function gridPosition(geo: GridGeoref, x: number, y: number): [number, number] {
  return [(x - geo.x0) / geo.dx, (geo.y0 - y) / geo.dy];
}

/** Index (row × cols + col) of the cell holding a lon/lat, or -1 outside the grid. */
export function cellAt(
  geo: GridGeoref,
  cols: number,
  rows: number,
  forward: Forward,
  lon: number,
  lat: number,
): number {
  const p = forward(lon, lat);
  if (!p) return -1;
  const [c, r] = gridPosition(geo, p[0], p[1]);
  const col = Math.floor(c);
  const row = Math.floor(r);
  return col >= 0 && col < cols && row >= 0 && row < rows ? row * cols + col : -1;
}

/** The lon/lat box around a grid, from points along its four edges. */
export function gridBounds(
  geo: GridGeoref,
  cols: number,
  rows: number,
  inverse: Inverse,
  perEdge = 64,
): LonLatBounds {
  const b = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  const add = (col: number, row: number) => {
    const p = inverse(geo.x0 + col * geo.dx, geo.y0 - row * geo.dy);
    if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return;
    b.west = Math.min(b.west, p[0]);
    b.east = Math.max(b.east, p[0]);
    b.south = Math.min(b.south, p[1]);
    b.north = Math.max(b.north, p[1]);
  };
  for (let i = 0; i <= perEdge; i++) {
    const f = i / perEdge;
    add(f * cols, 0);
    add(f * cols, rows);
    add(0, f * rows);
    add(cols, f * rows);
  }
  return b;
}

/**
 * Largest distance, in cells, between where the stated corner coordinates fall on the grid and the grid's
 * own corners: a check that projdef, corner and cell size agree (ODIM_H5 states all of them).
 */
export function cornerMismatch(
  geo: GridGeoref,
  cols: number,
  rows: number,
  forward: Forward,
  corners: { ul: [number, number]; ur: [number, number]; ll: [number, number]; lr: [number, number] },
): number {
  const expected: [keyof typeof corners, number, number][] = [
    ['ul', 0, 0],
    ['ur', cols, 0],
    ['ll', 0, rows],
    ['lr', cols, rows],
  ];
  let worst = 0;
  for (const [name, col, row] of expected) {
    const [lon, lat] = corners[name];
    const p = forward(lon, lat);
    if (!p) return Infinity;
    const [c, r] = gridPosition(geo, p[0], p[1]);
    worst = Math.max(worst, Math.hypot(c - col, r - row));
  }
  return worst;
}

const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const latOfMercY = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(y)) - 90;

/** An output image in Web Mercator: its size, and the lon/lat of its edges. */
export interface MercatorRaster {
  width: number;
  height: number;
  bounds: LonLatBounds;
}

/**
 * The Web Mercator image for a grid over `bounds`, with about as many pixels as the grid has cells (so no
 * detail is lost nor invented), at most `maxSide` pixels a side.
 */
export function mercatorRaster(bounds: LonLatBounds, cells: number, maxSide = 2048): MercatorRaster {
  const north = Math.min(bounds.north, MERCATOR_MAX_LAT);
  const south = Math.max(bounds.south, -MERCATOR_MAX_LAT);
  const spanX = ((bounds.east - bounds.west) * Math.PI) / 180;
  const spanY = mercY(north) - mercY(south);
  const aspect = spanX / spanY;
  let width = Math.sqrt(cells * aspect);
  let height = width / aspect;
  const shrink = Math.min(1, maxSide / width, maxSide / height);
  width = Math.max(1, Math.round(width * shrink));
  height = Math.max(1, Math.round(height * shrink));
  return { width, height, bounds: { west: bounds.west, south, east: bounds.east, north } };
}

/**
 * For every pixel of the Mercator image (row by row from the top) the index of the grid cell under its
 * centre, or -1. Projected exactly every `step` pixels and interpolated between: the projections a radar
 * grid uses are smooth, and this keeps a 1,000 × 1,000 grid at a few hundred thousand projections less.
 */
export function rasterLookup(
  raster: MercatorRaster,
  geo: GridGeoref,
  cols: number,
  rows: number,
  forward: Forward,
  step = 8,
): Int32Array {
  const { width, height, bounds } = raster;
  const yN = mercY(bounds.north);
  const yS = mercY(bounds.south);
  const lonAt = (i: number) => bounds.west + ((i + 0.5) / width) * (bounds.east - bounds.west);
  const latAt = (j: number) => latOfMercY(yN - ((j + 0.5) / height) * (yN - yS));
  const nodesX = Math.ceil((width - 1) / step) + 1;
  const nodesY = Math.ceil((height - 1) / step) + 1;
  const nodeI = (k: number) => Math.min(k * step, width - 1);
  const nodeJ = (k: number) => Math.min(k * step, height - 1);
  // Fractional column/row at each node; NaN where the projection fails.
  const nc = new Float64Array(nodesX * nodesY);
  const nr = new Float64Array(nodesX * nodesY);
  for (let ky = 0; ky < nodesY; ky++) {
    const lat = latAt(nodeJ(ky));
    for (let kx = 0; kx < nodesX; kx++) {
      const p = forward(lonAt(nodeI(kx)), lat);
      const [c, r] = p ? gridPosition(geo, p[0], p[1]) : [Number.NaN, Number.NaN];
      nc[ky * nodesX + kx] = c;
      nr[ky * nodesX + kx] = r;
    }
  }
  const out = new Int32Array(width * height);
  const put = (i: number, j: number, c: number, r: number) => {
    const col = Math.floor(c);
    const row = Math.floor(r);
    out[j * width + i] = col >= 0 && col < cols && row >= 0 && row < rows ? row * cols + col : -1;
  };
  // For each column (and row) of pixels: the node block it lies in and the fraction of the way across it.
  const blocks = (size: number, nodes: number, node: (k: number) => number) => {
    const k = new Int32Array(size);
    const f = new Float64Array(size);
    for (let p = 0; p < size && nodes > 1; p++) {
      const b = Math.min(Math.floor(p / step), nodes - 2);
      k[p] = b;
      f[p] = (p - node(b)) / (node(b + 1) - node(b));
    }
    return { k, f, next: nodes > 1 ? 1 : 0 };
  };
  const bx = blocks(width, nodesX, nodeI);
  const by = blocks(height, nodesY, nodeJ);
  for (let j = 0; j < height; j++) {
    const ky = by.k[j] as number;
    const fy = by.f[j] as number;
    for (let i = 0; i < width; i++) {
      const fx = bx.f[i] as number;
      const a = ky * nodesX + (bx.k[i] as number);
      const b = a + bx.next;
      const c = a + by.next * nodesX;
      const d = c + bx.next;
      const ca = nc[a] as number;
      const cb = nc[b] as number;
      const cc = nc[c] as number;
      const cd = nc[d] as number;
      if (Number.isNaN(ca) || Number.isNaN(cb) || Number.isNaN(cc) || Number.isNaN(cd)) {
        // Near the edge of the projection's domain: this pixel is projected on its own.
        const p = forward(lonAt(i), latAt(j));
        if (p) put(i, j, ...gridPosition(geo, p[0], p[1]));
        else out[j * width + i] = -1;
        continue;
      }
      const col = (1 - fy) * ((1 - fx) * ca + fx * cb) + fy * ((1 - fx) * cc + fx * cd);
      const row =
        (1 - fy) * ((1 - fx) * (nr[a] as number) + fx * (nr[b] as number)) +
        fy * ((1 - fx) * (nr[c] as number) + fx * (nr[d] as number));
      put(i, j, col, row);
    }
  }
  return out;
}
