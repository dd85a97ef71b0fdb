import type { SimCell } from '../lightning/simulator.js';

/**
 * The simulated field mills' readings: the ground field under the demo world's storm cells. A cell charges
 * the field before it strikes: its |E| at a mill grows from 1 kV/m 22 minutes before the cell's strokes
 * (scattered about two core radii around its centre) come within NEAR_KM, by 0.6 kV/m a minute, holds
 * about 7 while the cell is near, and fades as it leaves. So a mill's field crosses the 5 kV/m red
 * threshold about 10–20 minutes before the first stroke near it (storms born over a site give no lead). Fair weather is +0.12 kV/m; a thundercloud's field is negative.
 */
export const NEAR_KM = 10;
const LEAD_MIN = 22;
const FAIR_KVM = 0.12;
const NEAR_KVM = 7;

/** Minutes until the cell's centre, on its straight track, comes within NEAR_KM of the mill (∞: never). */
export function minutesToNear(cell: SimCell, mill: { lat: number; lon: number }, nearKm = NEAR_KM): number {
  const kx = 111.32 * Math.cos((mill.lat * Math.PI) / 180);
  const px = (mill.lon - cell.lon) * kx;
  const py = (mill.lat - cell.lat) * 110.57;
  const h = (cell.headingDeg * Math.PI) / 180;
  const vx = (cell.speedKmh / 60) * Math.sin(h);
  const vy = (cell.speedKmh / 60) * Math.cos(h);
  // |p − v t|² = NEAR² → (v·v) t² − 2 (p·v) t + (p·p − NEAR²) = 0
  const a = vx * vx + vy * vy;
  const b = -2 * (px * vx + py * vy);
  const c = px * px + py * py - nearKm * nearKm;
  if (c <= 0) return 0;
  const disc = b * b - 4 * a * c;
  if (a === 0 || disc < 0) return Number.POSITIVE_INFINITY;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  return t >= 0 ? t : Number.POSITIVE_INFINITY;
}

function magnitude(cell: SimCell, mill: { lat: number; lon: number }, timeMs: number): number {
  const kx = 111.32 * Math.cos((mill.lat * Math.PI) / 180);
  const km = Math.hypot((mill.lon - cell.lon) * kx, (mill.lat - cell.lat) * 110.57);
  // A stronger cell charges more; a cell that dies before it arrives never strikes near the mill.
  const intensity = Math.min(1, Math.max(0.9, cell.peakFlashesPerMin / 3));
  // Its strokes scatter about two core radii around its centre: those reach NEAR_KM from the mill first.
  const tau = minutesToNear(cell, mill, NEAR_KM + 2 * cell.coreKm);
  if (Number.isFinite(tau) && cell.bornMs + cell.lifeMs < timeMs + tau * 60_000) return 0;
  let mag = 0;
  if (tau === 0) mag = NEAR_KVM;
  else if (tau <= LEAD_MIN) mag = Math.min(NEAR_KVM, 1 + (LEAD_MIN - tau) * 0.6);
  // Leaving: the field fades with distance beyond the strokes' reach.
  const reach = NEAR_KM + 2 * cell.coreKm;
  if (km > reach && !Number.isFinite(tau)) mag = NEAR_KVM * Math.exp(-(((km - reach) / 6) ** 2));
  return mag * intensity;
}

/** The field at a mill at `timeMs` under the cells alive then (kV/m, rounded to 0.01). */
export function simFieldKvm(
  mill: { lat: number; lon: number },
  cells: readonly SimCell[],
  timeMs: number,
): number {
  let strongest = 0;
  for (const cell of cells) strongest = Math.max(strongest, magnitude(cell, mill, timeMs));
  // A little ripple, as a real mill's reading has.
  const ripple = 0.03 * Math.sin(timeMs / 7000);
  return Math.round((FAIR_KVM + ripple - strongest) * 100) / 100;
}
