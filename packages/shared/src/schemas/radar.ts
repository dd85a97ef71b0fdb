import { type Static, Type } from 'typebox';
import { Nullable } from './kit.js';

/**
 * Radar frames: composites ingested from ODIM_H5 or palette PNG files (and the simulator's), each a grid of
 * one quantity at one time, served as metadata, values at a point, and a Web Mercator PNG for the maps.
 */

/** Product names are path-safe: they name the frames' folder on disk. */
export const RADAR_PRODUCT_PATTERN = '^[a-z0-9][a-z0-9_-]{0,39}$';
export const RadarProduct = Type.String({
  pattern: RADAR_PRODUCT_PATTERN,
  description: 'Lower-case letters, digits, _ and -, at most 40',
});
/** The longest span `/api/radar_times` lists at once. */
export const RADAR_TIMES_MAX_DAYS = 7;
export const RADAR_RAMPS = ['n0r', 'n0q'] as const;

export const RadarTimesQuery = Type.Object(
  {
    product: Type.Optional(RadarProduct),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Default: `to` − 24 h' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
  },
  { additionalProperties: false },
);
export type RadarTimesQuery = Static<typeof RadarTimesQuery>;

export const RadarTime = Type.Object({
  time: Type.String({ format: 'date-time' }),
  product: Type.String(),
});
export const RadarTimes = Type.Object({
  items: Type.Array(RadarTime, { description: 'Oldest first' }),
});
export type RadarTimes = Static<typeof RadarTimes>;

export const RadarFrameQuery = Type.Object(
  {
    product: RadarProduct,
    time: Type.Optional(Type.String({ format: 'date-time', description: 'Default: the latest frame' })),
    values: Type.Optional(
      Type.Union(
        ['1', '0', 'true', 'false'].map((v) => Type.Literal(v)),
        {
          description: '`1` with `lat` and `lon`: the value there',
        },
      ),
    ),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type RadarFrameQuery = Static<typeof RadarFrameQuery>;

export const RadarImageQuery = Type.Object(
  {
    product: RadarProduct,
    time: Type.Optional(Type.String({ format: 'date-time', description: 'Default: the latest frame' })),
  },
  { additionalProperties: false },
);
export type RadarImageQuery = Static<typeof RadarImageQuery>;

const Bounds = Type.Object({
  west: Type.Number(),
  south: Type.Number(),
  east: Type.Number(),
  north: Type.Number(),
});

export const RadarLegend = Type.Object({
  kind: Type.Union([Type.Literal('reflectivity'), Type.Literal('rate'), Type.Literal('accumulation')]),
  units: Type.String(),
  steps: Type.Array(Type.Object({ from: Type.Number(), color: Type.String({ description: '#rrggbb' }) }), {
    description: 'Colour bands from low to high; values below the first are not drawn',
  }),
});
export type RadarLegend = Static<typeof RadarLegend>;

export const RadarValue = Type.Object({
  lat: Type.Number(),
  lon: Type.Number(),
  state: Type.Union([
    Type.Literal('value'),
    Type.Literal('undetect'),
    Type.Literal('nodata'),
    Type.Literal('outside'),
  ]),
  value: Nullable(Type.Number()),
});

export const RadarFrame = Type.Object({
  product: Type.String(),
  time: Type.String({ format: 'date-time' }),
  source: Type.String({ description: 'The feed that delivered it (`simulator` for the demo world)' }),
  simulated: Type.Boolean(),
  quantity: Type.String({ description: 'ODIM_H5 quantity: DBZH, TH, RATE, ACRR…' }),
  units: Type.String(),
  period_min: Nullable(Type.Integer({ description: 'Accumulation period of an amount' })),
  lead_min: Type.Integer({ description: 'Minutes after the analysis time (0, or a nowcast lead)' }),
  grid: Type.Object(
    {
      cols: Type.Integer(),
      rows: Type.Integer(),
      projdef: Type.String(),
      x0: Type.Number(),
      y0: Type.Number(),
      dx: Type.Number(),
      dy: Type.Number(),
    },
    { description: 'The grid stored (and drawn, and read by `values=1`): at most 4,000 cells a side' },
  ),
  source_grid: Type.Object(
    {
      cols: Type.Integer(),
      rows: Type.Integer(),
      block: Type.Integer({
        description:
          'Source cells per stored cell along a side; each stored cell holds its block’s highest value',
      }),
      dx: Type.Number({ description: 'The source’s cell size: `grid.dx / block`' }),
      dy: Type.Number(),
    },
    {
      description:
        'The grid of the file ingested: the same as `grid` (block 1), or larger and block-reduced into it',
    },
  ),
  bounds: Bounds,
  scale: Type.Object({
    gain: Type.Number(),
    offset: Type.Number(),
    nodata: Type.Number(),
    undetect: Type.Number(),
  }),
  legend: RadarLegend,
  image: Type.Object({
    width: Type.Integer(),
    height: Type.Integer(),
    bounds: Type.Object(Bounds.properties, { description: 'Edges of the Web Mercator PNG' }),
    url: Type.String(),
  }),
  value: Type.Optional(RadarValue),
  created_at: Type.String({ format: 'date-time' }),
});
export type RadarFrame = Static<typeof RadarFrame>;

export const RadarIngestQuery = Type.Object(
  {
    product: Type.Optional(RadarProduct),
    time: Type.Optional(Type.String({ format: 'date-time', description: 'PNG: required; ODIM: overrides' })),
    west: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    south: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    east: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    north: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    ramp: Type.Optional(Type.Union(RADAR_RAMPS.map((r) => Type.Literal(r)))),
  },
  { additionalProperties: false },
);
export type RadarIngestQuery = Static<typeof RadarIngestQuery>;

export const RadarIngestResult = Type.Object({
  product: Type.String(),
  time: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('stored'), Type.Literal('replaced'), Type.Literal('unchanged')]),
  quantity: Type.String(),
  units: Type.String(),
  cols: Type.Integer({ description: 'Of the grid stored' }),
  rows: Type.Integer(),
  source_grid: Type.Object(
    { cols: Type.Integer(), rows: Type.Integer(), block: Type.Integer() },
    { description: 'The file’s grid, and the source cells per stored cell along a side' },
  ),
});
export type RadarIngestResult = Static<typeof RadarIngestResult>;
