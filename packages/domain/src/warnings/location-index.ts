/**
 * The warning engine's spatial index: every location's reach (its shape grown by its outermost ring) as
 * lon/lat boxes, updated one location at a time. A stroke looks only at the boxes it falls in, skips what a
 * one-line spherical test puts out of reach, and measures the rest with the exact geodesic.
 *
 * Compact boxes (points and town-sized zones) live in a flat 0.5° grid that keeps each location's hot
 * numbers beside its box, wide ones in an R-tree (rbush). With 100,000 locations over China and strokes in
 * random order, rbush alone spent most of its time on cache misses; the grid is several times faster.
 */
import RBush from 'rbush';
import { CellGrid } from '../cells/cell-grid.js';
import { fastGeodesicInverseReduced, type InverseResult, setReducedLatitude } from '../geo/fast-geodesic.js';
import { type GeodesicPolygon, SPHERE_SCALE_MAX, SPHERE_SCALE_MIN } from '../geo/geodesic-polygon.js';
import { EARTH_RADIUS_KM } from '../geo/geodesy.js';
import { extentBounds, type LonLatBox } from '../geo/shape-bounds.js';
import { preparedPolygon, type ShapeGeometry } from '../geo/shape-distance.js';

export interface LocationHit {
  id: number;
  /** Geodesic distance from the shape (0 inside a polygon). */
  km: number;
  /** Azimuth from the location (nearest boundary point, or centroid when inside) towards the stroke. */
  bearingDeg: number;
}

export type HitVisitor = (id: number, km: number, bearingDeg: number) => void;
/** Called with the id only; the distance and bearing are in `LocationIndex.hit` during the call. */
export type IdVisitor = (id: number) => void;

/**
 * The location being visited by `forEachId`. With `exact`, `km` and `azimuthDeg` are the geodesic
 * distance and bearing; without, only the bounds `loKm ≤ km ≤ hiKm` are known (a spherical distance
 * scaled by the ellipsoid's extremes), and `measureExact()` fills in the rest on demand.
 */
export interface VisitedHit extends InverseResult {
  loKm: number;
  hiKm: number;
  exact: boolean;
}

const RAD = Math.PI / 180;
/** Boxes over more grid cells than this go to the R-tree (a 30 km reach spans 4 to 9 cells). */
const MAX_GRID_CELLS = 64;

// Per-location numbers (in `data` by slot, and copied into grid cells): unit vector of the point (or of
// the centre of a cap around the polygon), the smallest dot product with a stroke's unit vector that may
// still be in reach, lat, lon, sin β and cos β of the reduced latitude (NaN for a polygon), reach, id.
const X = 0;
const Y = 1;
const Z = 2;
const MIN_DOT = 3;
const LAT = 4;
const LON = 5;
const SIN_B = 6;
const COS_B = 7;
const REACH = 8;
const ID = 9;
const STRIDE = 10;

interface TreeBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  slot: number;
}

function normaliseLon(lon: number): number {
  return lon >= -180 && lon < 180 ? lon : ((((lon + 180) % 360) + 360) % 360) - 180;
}

export class LocationIndex {
  private readonly grid = new CellGrid(STRIDE);
  private readonly tree = new RBush<TreeBox>(16);
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  private capacity = 1024;
  private used = 0;
  private data = new Float64Array(this.capacity * STRIDE);
  /** Last lookup that saw a slot: a location split across ±180° has two boxes in the R-tree. */
  private seen = new Uint32Array(this.capacity);
  private polygons: (GeodesicPolygon | null)[] = [];
  private treeBoxes: (TreeBox[] | null)[] = [];
  private lookup = 0;
  private treeCount = 0;
  private readonly query = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly stroke = new Float64Array(2);
  private readonly measured: VisitedHit = { km: 0, azimuthDeg: 0, loKm: 0, hiKm: 0, exact: true };
  /** Where the visited point location's numbers are, for `measureExact()`. */
  private pendingData: Float64Array = this.data;
  private pendingAt = 0;
  private pendingLat = 0;
  private pendingLon = 0;
  private hitVisitor: HitVisitor | null = null;
  private approximate = false;
  private readonly forwardHit: IdVisitor = (id) =>
    (this.hitVisitor as HitVisitor)(id, this.measured.km, this.measured.azimuthDeg);

  get size(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Insert or replace a location; a stroke counts for it within `reachKm` of the shape. */
  set(id: number, shape: ShapeGeometry, reachKm: number): void {
    if (!(reachKm >= 0 && Number.isFinite(reachKm)))
      throw new RangeError(`reachKm must be ≥ 0, got ${reachKm}`);
    this.delete(id);
    const slot = this.allocate();
    this.slotOf.set(id, slot);
    this.polygons[slot] = shape.type === 'Polygon' ? preparedPolygon(shape.coordinates) : null;
    this.fill(slot, id, shape, reachKm);
    const boxes = this.boundsOf(slot);
    if (boxes.every((b) => CellGrid.cellsSpanned(b) <= MAX_GRID_CELLS)) {
      const payload = this.data.subarray(slot * STRIDE, slot * STRIDE + STRIDE);
      for (const b of boxes) this.grid.add(slot, b, payload);
      this.treeBoxes[slot] = null;
    } else {
      const items = boxes.map(([minX, minY, maxX, maxY]) => ({ minX, minY, maxX, maxY, slot }));
      for (const item of items) this.tree.insert(item);
      this.treeBoxes[slot] = items;
      this.treeCount++;
    }
  }

  delete(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const items = this.treeBoxes[slot];
    if (items) {
      for (const item of items) this.tree.remove(item);
      this.treeCount--;
    } else for (const b of this.boundsOf(slot)) this.grid.remove(slot, b);
    this.slotOf.delete(id);
    this.polygons[slot] = null;
    this.treeBoxes[slot] = null;
    this.free.push(slot);
    return true;
  }

  /** Ids whose boxes hold the point: a superset of `within`, found without looking at other locations. */
  candidates(lat: number, lon: number): number[] {
    const ids: number[] = [];
    this.forEachCandidate(lat, normaliseLon(lon), (slot) => {
      ids.push(this.data[slot * STRIDE + ID] as number);
    });
    return ids;
  }

  /** Every location whose exact geodesic distance to (lat, lon) is within its reach. */
  within(lat: number, lon: number): LocationHit[] {
    const hits: LocationHit[] = [];
    this.forEachWithin(lat, lon, (id, km, bearingDeg) => {
      hits.push({ id, km, bearingDeg });
    });
    return hits;
  }

  /** `within` without building the array: `visit` is called once per location in reach. */
  forEachWithin(lat: number, lon: number, visit: HitVisitor): void {
    this.hitVisitor = visit;
    this.forEachId(lat, lon, this.forwardHit, false);
  }

  /** The distance and bearing of the location being visited by `forEachId`. */
  get hit(): Readonly<VisitedHit> {
    return this.measured;
  }

  /** During an approximate `forEachId` visit: measure the visited location exactly. */
  measureExact(): void {
    const m = this.measured;
    if (m.exact) return;
    this.exactPoint(this.pendingData, this.pendingAt, this.pendingLat, this.pendingLon);
    m.loKm = m.km;
    m.hiKm = m.km;
    m.exact = true;
  }

  /**
   * `forEachWithin` for the hot path: the visitor gets the id and reads `hit`, so no number is boxed per
   * call (the engine looks up millions of strokes a second). With `approximate`, point locations clearly
   * in reach are visited with distance bounds only (`hit.exact` false): the caller measures exactly only
   * where the bounds leave a decision open, which spares most geodesics in a storm.
   */
  forEachId(lat: number, lon: number, visit: IdVisitor, approximate = false): void {
    this.approximate = approximate;
    const l = normaliseLon(lon);
    const cell = this.grid.cellAt(lat, l);
    const treeEmpty = this.treeCount === 0;
    if (cell === undefined && treeEmpty) return;
    const phi = lat * RAD;
    const px = Math.cos(phi) * Math.cos(l * RAD);
    const py = Math.cos(phi) * Math.sin(l * RAD);
    const pz = Math.sin(phi);
    setReducedLatitude(lat, this.stroke, 0);
    if (cell !== undefined) {
      const { boxes, payload, slots, count } = cell;
      for (let i = 0; i < count; i++) {
        const o = i * 4;
        if (
          (boxes[o] as number) <= l &&
          l <= (boxes[o + 2] as number) &&
          (boxes[o + 1] as number) <= lat &&
          lat <= (boxes[o + 3] as number)
        )
          this.measure(payload, i * STRIDE, slots[i] as number, lat, l, px, py, pz, visit);
      }
    }
    if (!treeEmpty) {
      const seen = this.nextLookup();
      for (const box of this.searchTree(lat, l)) {
        if (this.seen[box.slot] === seen) continue;
        this.seen[box.slot] = seen;
        this.measure(this.data, box.slot * STRIDE, box.slot, lat, l, px, py, pz, visit);
      }
    }
  }

  /**
   * Exact distance for one candidate whose numbers start at d[o], after the spherical test that skips most
   * of those out of reach.
   */
  private measure(
    d: Float64Array,
    o: number,
    slot: number,
    lat: number,
    lon: number,
    px: number,
    py: number,
    pz: number,
    visit: IdVisitor,
  ): void {
    if (
      (d[o + X] as number) * px + (d[o + Y] as number) * py + (d[o + Z] as number) * pz <
      (d[o + MIN_DOT] as number)
    )
      return;
    const m = this.measured;
    const reach = d[o + REACH] as number;
    const sinB = d[o + SIN_B] as number;
    if (Number.isNaN(sinB)) {
      if (!this.polygons[slot]?.distanceWithinAt(lat, lon, px, py, pz, reach, m)) return;
      m.loKm = m.km;
      m.hiKm = m.km;
      m.exact = true;
    } else if (this.approximate) {
      // The central angle from the chord (precise for short distances, unlike acos of the dot product).
      const dx = (d[o + X] as number) - px;
      const dy = (d[o + Y] as number) - py;
      const dz = (d[o + Z] as number) - pz;
      const arcKm = 2 * Math.asin(Math.min(1, Math.sqrt(dx * dx + dy * dy + dz * dz) / 2)) * EARTH_RADIUS_KM;
      // 1 m of slack on top of the ellipsoid's extremes covers rounding.
      const lo = arcKm * SPHERE_SCALE_MIN - 0.001;
      const hi = arcKm * SPHERE_SCALE_MAX + 0.001;
      if (lo > reach) return;
      if (hi > reach) {
        this.exactPoint(d, o, lat, lon);
        if (m.km > reach) return;
        m.loKm = m.km;
        m.hiKm = m.km;
        m.exact = true;
      } else {
        m.loKm = lo < 0 ? 0 : lo;
        m.hiKm = hi;
        m.exact = false;
        this.pendingData = d;
        this.pendingAt = o;
        this.pendingLat = lat;
        this.pendingLon = lon;
      }
    } else {
      this.exactPoint(d, o, lat, lon);
      if (m.km > reach) return;
      m.exact = true;
    }
    visit(d[o + ID] as number);
  }

  private exactPoint(d: Float64Array, o: number, lat: number, lon: number): void {
    const s = this.stroke;
    fastGeodesicInverseReduced(
      d[o + LAT] as number,
      d[o + LON] as number,
      d[o + SIN_B] as number,
      d[o + COS_B] as number,
      lat,
      lon,
      s[0] as number,
      s[1] as number,
      this.measured,
    );
  }

  private forEachCandidate(lat: number, lon: number, visit: (slot: number) => void): void {
    const cell = this.grid.cellAt(lat, lon);
    if (cell !== undefined) {
      for (let i = 0; i < cell.count; i++) {
        const o = i * 4;
        const b = cell.boxes;
        if (
          (b[o] as number) <= lon &&
          lon <= (b[o + 2] as number) &&
          (b[o + 1] as number) <= lat &&
          lat <= (b[o + 3] as number)
        )
          visit(cell.slots[i] as number);
      }
    }
    if (this.treeCount === 0) return;
    const seen = this.nextLookup();
    for (const box of this.searchTree(lat, lon)) {
      if (this.seen[box.slot] === seen) continue;
      this.seen[box.slot] = seen;
      visit(box.slot);
    }
  }

  private searchTree(lat: number, lon: number): TreeBox[] {
    const q = this.query;
    q.minX = lon;
    q.maxX = lon;
    q.minY = lat;
    q.maxY = lat;
    return this.tree.search(q);
  }

  private nextLookup(): number {
    this.lookup = this.lookup === 0xffffffff ? 1 : this.lookup + 1;
    if (this.lookup === 1) this.seen.fill(0);
    return this.lookup;
  }

  /** The boxes follow from the stored numbers alone, so removal needs no copy of them. */
  private boundsOf(slot: number): LonLatBox[] {
    const polygon = this.polygons[slot];
    const o = slot * STRIDE;
    const reach = this.data[o + REACH] as number;
    if (polygon) return extentBounds(polygon.extent, reach);
    const [lat, lon] = [this.data[o + LAT] as number, this.data[o + LON] as number];
    return extentBounds({ lonMin: lon, lonMax: lon, latMin: lat, latMax: lat, pole: null }, reach);
  }

  private fill(slot: number, id: number, shape: ShapeGeometry, reachKm: number): void {
    const d = this.data;
    const o = slot * STRIDE;
    const polygon = this.polygons[slot];
    let capAngle = 0;
    if (polygon) {
      const { x, y, z, angle } = polygon.cap;
      [d[o + X], d[o + Y], d[o + Z], capAngle] = [x, y, z, angle];
      d[o + SIN_B] = Number.NaN;
    } else if (shape.type === 'Point') {
      const [lon, lat] = shape.coordinates;
      const l = normaliseLon(lon);
      const c = Math.cos(lat * RAD);
      [d[o + X], d[o + Y], d[o + Z]] = [c * Math.cos(l * RAD), c * Math.sin(l * RAD), Math.sin(lat * RAD)];
      [d[o + LAT], d[o + LON]] = [lat, l];
      setReducedLatitude(lat, d, o + SIN_B);
    }
    // Geodesic km ≥ 0.994 × great-circle km, so beyond this angle from the centre nothing is in reach.
    const angle = capAngle + reachKm / (SPHERE_SCALE_MIN * EARTH_RADIUS_KM) + 1e-9;
    d[o + MIN_DOT] = angle >= Math.PI ? Number.NEGATIVE_INFINITY : Math.cos(angle);
    d[o + REACH] = reachKm;
    d[o + ID] = id;
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.used === this.capacity) {
      this.capacity *= 2;
      const data = new Float64Array(this.capacity * STRIDE);
      data.set(this.data);
      this.data = data;
      const seen = new Uint32Array(this.capacity);
      seen.set(this.seen);
      this.seen = seen;
    }
    return this.used++;
  }
}
