import { type Static, Type } from 'typebox';
import { Nullable } from './kit.js';
import { RegionCode } from './regions.js';

/** Lightning disaster warnings per prefecture-level city (`/api/disaster_warning/`). */

export const DISASTER_LEVELS = [1, 2, 3, 4] as const;
export const DISASTER_REASONS = [
  'density_1h',
  'density_3h',
  'peak_current',
  'nowcast_30',
  'nowcast_60',
] as const;

export const DisasterWarningQuery = Type.Object(
  {
    active: Type.Optional(
      Type.Union(
        ['1', '0', 'true', 'false'].map((v) => Type.Literal(v)),
        { description: '`1`: open warnings only (the default); `0`: cleared ones only' },
      ),
    ),
    level: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'At least this level' })),
    province: Type.Optional(
      Type.String({ pattern: '^[0-9]{2}([0-9]{4})?$', description: 'Two-digit prefix or six-digit code' }),
    ),
    geometry: Type.Optional(
      Type.Union(
        ['1', '0', 'true', 'false'].map((v) => Type.Literal(v)),
        { description: '`1`: include each city’s simplified boundary' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DisasterWarningQuery = Static<typeof DisasterWarningQuery>;

export const DisasterFactors = Type.Object({
  area_km2: Type.Number(),
  cg_flashes_1h: Type.Integer(),
  cg_flashes_3h: Type.Integer(),
  max_abs_ka: Type.Number(),
  strong_strokes: Type.Integer(),
  cells_30: Type.Integer(),
  severe_cells_30: Type.Integer(),
  cells_60: Type.Integer(),
  reasons: Type.Array(Type.Enum(DISASTER_REASONS)),
});
export type DisasterFactors = Static<typeof DisasterFactors>;

export const DisasterWarning = Type.Object({
  id: Type.Integer(),
  region: Type.Object({
    code: RegionCode,
    province: RegionCode,
    name_zh: Type.String(),
    name_en: Type.String(),
  }),
  level: Type.Integer({ minimum: 1, maximum: 4, description: '1 low … 4 extreme' }),
  peak_level: Type.Integer({ minimum: 1, maximum: 4, description: 'Highest level since issued' }),
  factors: DisasterFactors,
  issued_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  cleared_at: Nullable(Type.String({ format: 'date-time' })),
  geometry: Type.Optional(
    Type.Object({
      type: Type.Literal('MultiPolygon'),
      coordinates: Type.Array(Type.Array(Type.Array(Type.Array(Type.Number())))),
    }),
  ),
});
export type DisasterWarning = Static<typeof DisasterWarning>;

export const DisasterWarningList = Type.Object({
  items: Type.Array(DisasterWarning),
  evaluated_at: Nullable(Type.String({ format: 'date-time', description: 'The last evaluation' })),
});
export type DisasterWarningList = Static<typeof DisasterWarningList>;
