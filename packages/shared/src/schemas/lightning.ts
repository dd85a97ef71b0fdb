import { type Static, Type } from 'typebox';
import { type CompactStroke as CompactStrokeTuple, MAX_STROKE_PAGE, STROKE_TYPES } from '../strokes.js';
import { Id, Nullable, Paging, pageOf } from './kit.js';

/** Lightning: strokes, flashes, density and intensity statistics, feeds and their ingest answers. */

const Time = Type.String({ format: 'date-time' });
export const StrokeType = Type.Enum(STROKE_TYPES);

/** One located lightning discharge as the API returns it. */
export const Stroke = Type.Object({
  id: Type.Integer(),
  time: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' }),
  ns: Type.Integer({
    description:
      'Nanoseconds within the second (0–999,999,999); `time` is the same instant to the millisecond',
  }),
  lat: Type.Number(),
  lon: Type.Number(),
  peak_ka: Type.Number({ description: 'Signed peak current in kA (sign = polarity)' }),
  type: StrokeType,
  sensors: Nullable(Type.Integer()),
  multiplicity: Nullable(Type.Integer()),
  flash_id: Nullable(Type.Integer()),
  source: Type.String({ description: 'The feed it came from, e.g. `simulator`, `ualf-tcp` or a feed name' }),
});
export type StrokeDto = Static<typeof Stroke>;

/** `CompactStroke` on the wire. OpenAPI 3.0 has no tuples: the schema is an array of 8, its type a tuple. */
export const CompactStroke = Type.Unsafe<CompactStrokeTuple>(
  Type.Array(Nullable(Type.Number()), {
    minItems: 8,
    maxItems: 8,
    description:
      '[id, epoch ms, lat, lon, peak kA, 0 = CG | 1 = IC, flash id or null, 1 = simulated | 0 = real]',
  }),
);

const Next = Nullable(Type.String({ description: 'Opaque cursor of the following page' }));

/** `/api/lightning` pages (`format=json`): `next` is the cursor for the following page. */
export const StrokePage = Type.Object({ items: Type.Array(Stroke), next: Next });
export type StrokePage = Static<typeof StrokePage>;

/** `/api/lightning?format=compact` and `/api/mobile/lightnings` pages. */
export const CompactStrokePage = Type.Object({ items: Type.Array(CompactStroke), next: Next });
export type CompactStrokePage = Static<typeof CompactStrokePage>;

/**
 * `/api/lightning` answers a `StrokePage`, a `CompactStrokePage` or a GeoJSON FeatureCollection with `next`,
 * by `format`. Left open: pages of up to 100,000 strokes in three shapes go fastest through JSON.stringify.
 */
export const LightningAnswer = Type.Unknown();

export const Flash = Type.Object({
  id: Type.Integer(),
  time: Time,
  end_time: Time,
  lat: Type.Number(),
  lon: Type.Number(),
  type: StrokeType,
  peak_ka: Type.Number(),
  stroke_count: Type.Integer(),
  strokes: Type.Optional(Type.Array(Stroke)),
});
export type FlashDto = Static<typeof Flash>;

export const FlashPage = pageOf(Flash);

/** Query parameters every lightning endpoint understands. */
export const StrokeQuery = {
  from: Type.Optional(Type.String({ format: 'date-time', description: 'default: `to` minus one hour' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })),
  bbox: Type.Optional(Type.String({ description: 'west,south,east,north in degrees' })),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  radius_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 2000 })),
  type: Type.Optional(Type.Enum(['cg', 'ic', 'CG', 'IC'])),
  min_ka: Type.Optional(Type.Number({ minimum: 0 })),
  max_ka: Type.Optional(Type.Number({ minimum: 0 })),
};
const StrokeQueryObject = Type.Object(StrokeQuery);
export type StrokeQueryValues = Static<typeof StrokeQueryObject>;

export const LightningQuery = Type.Object(
  {
    ...StrokeQuery,
    format: Type.Optional(Type.Enum(['json', 'compact', 'geojson'])),
    limit: Type.Integer({ minimum: 1, maximum: MAX_STROKE_PAGE, default: 10_000 }),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const MobileLightningQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    radius_km: Type.Number({ exclusiveMinimum: 0, maximum: 500, default: 50 }),
    minutes: Type.Integer({ minimum: 1, maximum: 1440, default: 30 }),
  },
  { additionalProperties: false },
);

export const IntensityQuery = Type.Object(
  {
    ...StrokeQuery,
    bin_ka: Type.Number({ minimum: 1, maximum: 100, default: 5 }),
    top_ka: Type.Number({ minimum: 10, maximum: 1000, default: 200 }),
  },
  { additionalProperties: false },
);

export const IntensityBin = Type.Object({
  from_ka: Type.Number({ description: 'Lower edge of the |peak current| bin, kA' }),
  to_ka: Nullable(Type.Number({ description: 'Upper edge; null for the open-ended last bin' })),
  cg_negative: Type.Integer(),
  cg_positive: Type.Integer(),
  ic: Type.Integer(),
});
export type IntensityBin = Static<typeof IntensityBin>;

export const Intensities = Type.Object({ bins: Type.Array(IntensityBin), total: Type.Integer() });
export type Intensities = Static<typeof Intensities>;

export const FlashQuery = Type.Object(
  { ...StrokeQuery, id: Type.Optional(Id), ...Paging },
  { additionalProperties: false },
);

/** One flash (`id`) with its strokes, or a page of flashes. */
export const FlashAnswer = Type.Union([Flash, FlashPage]);

export const DensityQuery = Type.Object(
  { ...StrokeQuery, resolution: Type.Number({ minimum: 0.01, maximum: 1, default: 0.1 }) },
  { additionalProperties: false },
);

export const DensityCell = Type.Object({
  hour: Type.String({ description: 'ISO hour start' }),
  lat: Type.Number({ description: 'South-west corner of the cell' }),
  lon: Type.Number(),
  count: Type.Integer(),
});
export type DensityCell = Static<typeof DensityCell>;

export const DensityResponse = Type.Object({ resolution: Type.Number(), cells: Type.Array(DensityCell) });
export type DensityResponse = Static<typeof DensityResponse>;

// Feeds: the API keys with which feeds deliver strokes, and what an ingest call answers

export const Feed = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Time,
  last_used_at: Nullable(Time),
  revoked_at: Nullable(Time),
});
export type FeedDto = Static<typeof Feed>;

/** A new feed with its key, shown this once. */
export const NewFeed = Type.Intersect([Feed, Type.Object({ key: Type.String() })]);

export const FeedList = Type.Object({ items: Type.Array(Feed) });

export const NewFeedRequest = Type.Object(
  {
    name: Type.String({
      pattern: '^[a-z0-9][a-z0-9._-]{1,39}$',
      description: "becomes the strokes' source",
    }),
  },
  { additionalProperties: false },
);

export const IngestHeaders = Type.Object({ 'x-feed-key': Type.Optional(Type.String()) });

export const RejectedLine = Type.Object({
  line: Type.Integer({ description: '1-based line number (text feeds) or array index (JSON batches)' }),
  reason: Type.String(),
});
export type RejectedLine = Static<typeof RejectedLine>;

export const IngestResult = Type.Object({
  accepted: Type.Integer(),
  duplicates: Type.Integer(),
  rejected: Type.Array(RejectedLine, { description: 'The first 1,000; `rejected_total` counts them all' }),
  rejected_total: Type.Integer(),
  corrected: Type.Optional(
    Type.Array(RejectedLine, {
      description: 'Records whose time was mended (e.g. an ADTD day-rollover glitch), with what was done',
    }),
  ),
});
export type IngestResult = Static<typeof IngestResult>;
