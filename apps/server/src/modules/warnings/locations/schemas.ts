import { GeometryInput, LocationShape } from '@thunderwatch/shared/schemas/geo';
import { Type } from 'typebox';

export const RingSchema = Type.Object(
  {
    radius_km: Type.Number(),
    level: Type.Integer({ description: '3 red, 2 orange, 1 yellow' }),
    all_clear_min: Type.Integer(),
    min_strokes: Type.Integer(),
    window_min: Type.Integer(),
    include_ic: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const LocationSchema = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  shape: LocationShape,
  zone_id: Type.Union([Type.Integer(), Type.Null()]),
  time_zone: Type.String(),
  enabled: Type.Boolean(),
  rings: Type.Array(RingSchema),
  level: Type.Integer({ minimum: 0, maximum: 3 }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const LocationInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    shape: Type.Optional(GeometryInput(['Point', 'Polygon'])),
    zone_id: Type.Optional(Type.Integer({ minimum: 1 })),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    enabled: Type.Optional(Type.Boolean()),
    rings: Type.Optional(Type.Array(RingSchema, { description: 'default 10/20/30 km' })),
  },
  { additionalProperties: false },
);
