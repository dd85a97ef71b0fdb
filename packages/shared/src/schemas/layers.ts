import { type Static, Type } from 'typebox';
import { LAYER_GROUPS } from '../map-layers.js';
import { Position } from './geo.js';
import { Id, Nullable, PermissionName } from './kit.js';

/** Map layers (`/api/layers/`): the built-in catalogue plus the caller's group's custom layers. */
const Localized = Type.Object({ 'zh-Hans': Type.String(), en: Type.String() });
const LegendEntry = Type.Object({ color: Type.String(), label: Localized });

export const LayerDefinitionDto = Type.Object({
  id: Type.String(),
  group: Type.Enum(LAYER_GROUPS),
  name: Localized,
  kind: Type.Enum(['points', 'grid', 'image', 'polygons', 'tracks', 'symbols']),
  legend: Type.Array(LegendEntry),
  default_visible: Type.Boolean(),
  default_opacity: Type.Number({ minimum: 0, maximum: 1 }),
  time: Type.Enum(['live', 'replayable', 'static']),
  permission: PermissionName,
  screens: Type.Array(Type.Enum(['home', 'decision', 'wave', 'device', 'geometry', 'location']), {
    description: 'The screens whose map mounts the layer',
  }),
});

export const CUSTOM_LAYER_KINDS = ['geojson', 'xyz', 'wms', 'tilejson'] as const;
export type CustomLayerKind = (typeof CUSTOM_LAYER_KINDS)[number];

const LayerName = Type.String({ minLength: 1, maxLength: 100 });
const Opacity = Type.Number({ minimum: 0, maximum: 1 });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });

/** Max bytes of a custom layer request (a GeoJSON upload). */
export const CUSTOM_LAYER_MAX_BYTES = 2 * 1024 * 1024;

export const CustomLayerInput = Type.Object(
  {
    name: LayerName,
    kind: Type.Enum(CUSTOM_LAYER_KINDS),
    geojson: Type.Optional(
      Type.Unknown({ description: 'kind geojson: FeatureCollection, Feature or geometry' }),
    ),
    url: Type.Optional(
      Type.String({
        maxLength: 2000,
        description:
          'xyz: {z}/{x}/{y}; wms: {bbox-epsg-3857}; tilejson: the document URL. Stored, never fetched',
      }),
    ),
    attribution: Type.Optional(Type.String({ maxLength: 200 })),
    color: Type.Optional(Color),
    opacity: Type.Optional(Opacity),
  },
  { additionalProperties: false },
);
export type CustomLayerInput = Static<typeof CustomLayerInput>;

export const CustomLayer = Type.Object({
  id: Id,
  /** The id in map choices and scenes: `custom_<id>`. */
  layer_id: Type.String(),
  group_id: Id,
  name: Type.String(),
  kind: Type.Enum(CUSTOM_LAYER_KINDS),
  geojson: Type.Optional(Type.Unknown()),
  url: Nullable(Type.String()),
  attribution: Type.String(),
  color: Type.String(),
  opacity: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type CustomLayer = Static<typeof CustomLayer>;

export const LayerCatalogue = Type.Object({
  items: Type.Array(LayerDefinitionDto),
  custom: Type.Array(CustomLayer, { description: 'The group’s custom layers (GeoJSON included)' }),
});
export type LayerCatalogue = Static<typeof LayerCatalogue>;

/** A layer id in map choices and scenes: a catalogue id or `custom_<id>`. */
export const LayerRef = Type.String({ pattern: '^[a-z0-9_-]{1,40}$' });
export const LayerChoice = Type.Object(
  { id: LayerRef, visible: Type.Optional(Type.Boolean()), opacity: Opacity },
  { additionalProperties: false },
);
export type LayerChoice = Static<typeof LayerChoice>;

/** Scenes (`/api/scene`): saved map views, private or shared with the group, optionally a rotation. */
export const SCENE_LIMITS = {
  minSeconds: 10,
  maxSeconds: 3600,
  maxRotation: 20,
  maxLayers: 50,
  maxWindowHours: 24 * 7,
} as const;

const SceneTime = Type.Union([
  Type.Object({ mode: Type.Literal('live') }, { additionalProperties: false }),
  Type.Object(
    {
      mode: Type.Literal('window'),
      from: Type.String({ format: 'date-time' }),
      to: Type.String({ format: 'date-time' }),
    },
    { additionalProperties: false },
  ),
]);
export type SceneTime = Static<typeof SceneTime>;

const SceneFilters = Type.Object(
  {
    stroke_types: Type.Optional(Type.Array(Type.Enum(['CG', 'IC']), { maxItems: 2 })),
    min_peak_ka: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
    radar_product: Type.Optional(Type.String({ pattern: '^[a-z0-9_-]{1,40}$' })),
  },
  { additionalProperties: false },
);

const RotationStep = Type.Object(
  {
    scene_id: Id,
    seconds: Type.Integer({ minimum: SCENE_LIMITS.minSeconds, maximum: SCENE_LIMITS.maxSeconds }),
  },
  { additionalProperties: false },
);
export type RotationStep = Static<typeof RotationStep>;

const SceneFields = {
  name: LayerName,
  shared: Type.Boolean({ description: 'true: the whole group sees it; false: only its owner' }),
  center: Position,
  zoom: Type.Number({ minimum: 0, maximum: 22 }),
  bearing: Type.Number({ minimum: -180, maximum: 360 }),
  layers: Type.Array(LayerChoice, { maxItems: SCENE_LIMITS.maxLayers }),
  time: SceneTime,
  filters: SceneFilters,
  rotation: Nullable(Type.Array(RotationStep, { minItems: 1, maxItems: SCENE_LIMITS.maxRotation })),
};

export const SceneInput = Type.Object(
  {
    ...SceneFields,
    filters: Type.Optional(SceneFilters),
    rotation: Type.Optional(SceneFields.rotation),
    time: Type.Optional(SceneTime),
    bearing: Type.Optional(SceneFields.bearing),
    shared: Type.Optional(SceneFields.shared),
  },
  { additionalProperties: false },
);
export type SceneInput = Static<typeof SceneInput>;

export const Scene = Type.Object({
  id: Id,
  group_id: Id,
  owner_id: Nullable(Id),
  ...SceneFields,
  /** The caller may edit it (its owner, or a group admin for shared scenes). */
  editable: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Scene = Static<typeof Scene>;

export const SceneList = Type.Object({ items: Type.Array(Scene) });
export type SceneList = Static<typeof SceneList>;
