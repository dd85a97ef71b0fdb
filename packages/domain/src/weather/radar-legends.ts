/**
 * What a radar quantity means and how it is drawn. Reflectivity is drawn with the usual NWS palette in
 * 5 dBZ steps; precipitation (a rate, or an amount over the product's period) with a palette of its own in
 * its own units — a rain amount is never shown as if it were dBZ.
 */

export type RadarKind = 'reflectivity' | 'rate' | 'accumulation';

export interface QuantityInfo {
  kind: RadarKind;
  units: 'dBZ' | 'mm/h' | 'mm';
}

/** ODIM_H5 quantities (ODIM_H5 v2.3 table 16) the portal reads; others are refused by name. */
export const RADAR_QUANTITIES: Readonly<Record<string, QuantityInfo>> = {
  DBZH: { kind: 'reflectivity', units: 'dBZ' },
  DBZV: { kind: 'reflectivity', units: 'dBZ' },
  TH: { kind: 'reflectivity', units: 'dBZ' },
  TV: { kind: 'reflectivity', units: 'dBZ' },
  RATE: { kind: 'rate', units: 'mm/h' },
  ACRR: { kind: 'accumulation', units: 'mm' },
};

export function quantityInfo(quantity: string): QuantityInfo | null {
  return Object.hasOwn(RADAR_QUANTITIES, quantity) ? (RADAR_QUANTITIES[quantity] as QuantityInfo) : null;
}

/** One colour band: values from `from` up to the next band's `from`. Values below the first are not drawn. */
export interface LegendStep {
  from: number;
  color: string;
}

export interface RadarLegend {
  kind: RadarKind;
  units: string;
  steps: LegendStep[];
}

/** The NWS base-reflectivity colours, 5 dBZ to 75 dBZ and above. */
export const DBZ_STEPS: readonly LegendStep[] = [
  [5, '#04e9e7'],
  [10, '#019ff4'],
  [15, '#0300f4'],
  [20, '#02fd02'],
  [25, '#01c501'],
  [30, '#008e00'],
  [35, '#fdf802'],
  [40, '#e5bc00'],
  [45, '#fd9500'],
  [50, '#fd0000'],
  [55, '#d40000'],
  [60, '#bc0000'],
  [65, '#f800fd'],
  [70, '#9854c6'],
  [75, '#fdfdfd'],
].map(([from, color]) => ({ from: from as number, color: color as string }));

/** Rain rate bands, mm/h: drizzle to cloudburst. */
const RATE_STEPS: readonly [number, string][] = [
  [0.1, '#a6d8f0'],
  [0.2, '#6cb4e4'],
  [0.5, '#2f80d0'],
  [1, '#1b4fb0'],
  [2, '#2ca02c'],
  [5, '#98d82a'],
  [10, '#f5e51b'],
  [20, '#f59a1b'],
  [50, '#e4261b'],
  [100, '#b51fc2'],
];

/**
 * The legend of a quantity. An amount over `periodMin` minutes uses the rate bands scaled to that period
 * (0.1 mm/h over 5 min is 0.0083 mm), so a 5-minute and an hourly product read alike.
 */
export function legendFor(info: QuantityInfo, periodMin: number | null = null): RadarLegend {
  if (info.kind === 'reflectivity') return { kind: info.kind, units: info.units, steps: [...DBZ_STEPS] };
  const factor = info.kind === 'accumulation' ? (periodMin && periodMin > 0 ? periodMin : 60) / 60 : 1;
  return {
    kind: info.kind,
    units: info.units,
    steps: RATE_STEPS.map(([rate, color]) => ({ from: Number((rate * factor).toPrecision(3)), color })),
  };
}

/**
 * The band of a value: its index in `steps`, or -1 below the first band (not drawn). A value a rounding
 * error below a band's start (11 × 0.001 − 0.001 = 0.009999…) belongs to that band.
 */
export function legendIndex(steps: readonly LegendStep[], value: number): number {
  let lo = 0;
  let hi = steps.length - 1;
  const v = value + Math.abs(value) * 1e-9;
  if (hi < 0 || !(v >= (steps[0] as LegendStep).from)) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((steps[mid] as LegendStep).from <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** `#rrggbb` as [r, g, b]. */
export function rgbOf(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
