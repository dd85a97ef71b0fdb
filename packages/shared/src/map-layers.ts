import { MODEL_IDS, type ModelId } from './model-ids.js';
import type { Permission } from './permissions.js';

/**
 * The one catalogue of map layers (`GET /api/layers/`): the server answers it, the web builds its layer
 * switcher and legends from it, and a web test checks it against the layers the home map mounts.
 */
export type LayerGroup = 'lightning' | 'weather' | 'warnings' | 'assets' | 'models';
export const LAYER_GROUPS: readonly LayerGroup[] = ['lightning', 'weather', 'warnings', 'assets', 'models'];
/** How a layer is drawn. */
export type LayerKind = 'points' | 'grid' | 'image' | 'polygons' | 'tracks' | 'symbols';
/** live: follows the present only; replayable: follows the time slider too; static: no time. */
export type LayerTime = 'live' | 'replayable' | 'static';
/** Screens that mount the layer. */
export type LayerScreen = 'home' | 'decision' | 'wave' | 'device' | 'geometry' | 'location';

export interface Localized {
  'zh-Hans': string;
  en: string;
}
export interface LegendEntry {
  color: string;
  label: Localized;
}
export interface LayerDefinition {
  id: string;
  group: LayerGroup;
  name: Localized;
  kind: LayerKind;
  legend: LegendEntry[];
  default_visible: boolean;
  /** 0–1. */
  default_opacity: number;
  time: LayerTime;
  /** What the caller needs to see it; every layer needs a signed-in user. */
  permission: Permission;
  screens: LayerScreen[];
}

const l = (color: string, zh: string, en: string): LegendEntry => ({ color, label: { 'zh-Hans': zh, en } });
const READ: Permission = 'location.read';

/**
 * Strokes per density cell and their colours, blue (few) to magenta (many) on a log-like scale: a cell takes
 * the colour of the last stop at or below its count. The map's grid, its legend and the reports' density maps.
 */
export const DENSITY_STOPS: readonly (readonly [number, string])[] = [
  [1, '#1d4ed8'],
  [5, '#0891b2'],
  [20, '#16a34a'],
  [50, '#eab308'],
  [200, '#ea580c'],
  [1000, '#db2777'],
];

/** Colours as the map draws them (apps/web/src/map/*: stroke-style, density-raster, cell-features, …). */
const BUILT_IN: readonly LayerDefinition[] = [
  {
    id: 'strokes',
    group: 'lightning',
    name: { 'zh-Hans': '闪电', en: 'Lightning strokes' },
    kind: 'points',
    legend: [
      l('#ff453a', '5 分钟内', '≤ 5 min'),
      l('#ff9f0a', '15 分钟内', '≤ 15 min'),
      l('#ffd60a', '60 分钟内', '≤ 60 min'),
      l('#8e9bb3', '更早', 'Older'),
    ],
    default_visible: true,
    default_opacity: 1,
    time: 'replayable',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'density',
    group: 'lightning',
    name: { 'zh-Hans': '闪电密度（最近 24 小时）', en: 'Stroke density (last 24 h)' },
    kind: 'grid',
    legend: DENSITY_STOPS.map(([n, colour]) => l(colour, `≥${n}`, `≥${n}`)),
    default_visible: false,
    default_opacity: 0.7,
    time: 'replayable',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'cells',
    group: 'lightning',
    name: { 'zh-Hans': '临近预报雷暴单体', en: 'Nowcast cells' },
    kind: 'polygons',
    legend: [
      l('#22d3ee', '新生', 'Born'),
      l('#facc15', '发展', 'Growing'),
      l('#fb923c', '成熟', 'Mature'),
      l('#94a3b8', '消散', 'Decaying'),
    ],
    default_visible: false,
    default_opacity: 1,
    time: 'replayable',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'radar',
    group: 'weather',
    name: { 'zh-Hans': '雷达', en: 'Radar' },
    kind: 'image',
    legend: [
      l('#60a5fa', '弱回波', 'Weak echo'),
      l('#facc15', '中等', 'Moderate'),
      l('#ef4444', '强回波', 'Strong echo'),
    ],
    default_visible: false,
    default_opacity: 0.7,
    time: 'replayable',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'typhoons',
    group: 'weather',
    name: { 'zh-Hans': '台风', en: 'Typhoons' },
    kind: 'tracks',
    legend: [
      l('#02ff02', '热带低压', 'Tropical depression'),
      l('#0264ff', '热带风暴', 'Tropical storm'),
      l('#fffb05', '强热带风暴', 'Severe tropical storm'),
      l('#ffac05', '台风', 'Typhoon'),
      l('#f171f9', '强台风', 'Severe typhoon'),
      l('#fe0202', '超强台风', 'Super typhoon'),
    ],
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home', 'decision'],
  },
  {
    id: 'wind_stations',
    group: 'weather',
    name: { 'zh-Hans': '测风站', en: 'Wind stations' },
    kind: 'points',
    legend: [
      l('#38bdf8', '5 级及以下', 'Force 5 or less'),
      l('#1d6ff2', '6–7 级', 'Force 6–7'),
      l('#f7d100', '8–9 级', 'Force 8–9'),
      l('#ff8a00', '10–11 级', 'Force 10–11'),
      l('#e5262b', '12 级及以上', 'Force 12 or more'),
    ],
    // The gale screen always draws it; on the home map it starts off.
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home', 'decision'],
  },
  {
    id: 'wave_stations',
    group: 'weather',
    name: { 'zh-Hans': '浪高站', en: 'Wave stations' },
    kind: 'points',
    legend: [
      l('#93c5fd', '无浪（0 级）', 'Calm (0)'),
      l('#34d399', '轻浪（3 级）', 'Slight (3)'),
      l('#facc15', '大浪（5 级）', 'Rough (5)'),
      l('#ef4444', '狂浪（7 级）', 'High (7)'),
      l('#7c3aed', '怒涛（9 级）', 'Phenomenal (9)'),
      l('#6b7280', '无浪高', 'No height'),
    ],
    // The wave screen always draws it (with the full scale and the alert ring); on the home map it starts off.
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home', 'wave'],
  },
  {
    id: 'sensors',
    group: 'weather',
    name: { 'zh-Hans': '电场仪与气象传感器', en: 'Field mills and met sensors' },
    kind: 'points',
    legend: [
      l('#22c55e', '电场 < 2 kV/m', 'Field < 2 kV/m'),
      l('#facc15', '≥ 2 kV/m', '≥ 2 kV/m'),
      l('#f97316', '≥ 3.5 kV/m', '≥ 3.5 kV/m'),
      l('#dc2626', '≥ 5 kV/m', '≥ 5 kV/m'),
      l('#38bdf8', '气象传感器', 'Met sensor'),
      l('#64748b', '10 分钟无数据', 'No reading for 10 min'),
    ],
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'disaster',
    group: 'warnings',
    name: { 'zh-Hans': '雷电灾害预警', en: 'Lightning disaster warnings' },
    kind: 'polygons',
    legend: [
      l('#3b82f6', '蓝色', 'Blue'),
      l('#facc15', '黄色', 'Yellow'),
      l('#f97316', '橙色', 'Orange'),
      l('#dc2626', '红色', 'Red'),
    ],
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'weather_warnings',
    group: 'warnings',
    name: { 'zh-Hans': '气象预警信号', en: 'Official weather warnings' },
    kind: 'polygons',
    legend: [
      l('#1e6fd9', '蓝色', 'Blue'),
      l('#f5c400', '黄色', 'Yellow'),
      l('#f28c00', '橙色', 'Orange'),
      l('#d7191c', '红色', 'Red'),
    ],
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'flights',
    group: 'warnings',
    name: { 'zh-Hans': '航空器', en: 'Aircraft' },
    kind: 'symbols',
    legend: [
      l('#e2e8f0', '远离雷电', 'Clear'),
      l('#f59e0b', '接近雷电', 'Near lightning'),
      l('#ef4444', '处于雷电区', 'Inside lightning'),
    ],
    default_visible: false,
    default_opacity: 1,
    time: 'replayable',
    permission: READ,
    screens: ['home'],
  },
  {
    id: 'locations',
    group: 'assets',
    name: { 'zh-Hans': '我的监测点', en: 'My locations' },
    kind: 'polygons',
    legend: [l('#ffffff', '位置与预警圈', 'Location and warning rings')],
    default_visible: true,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home', 'location'],
  },
  {
    id: 'zones',
    group: 'assets',
    name: { 'zh-Hans': '区域', en: 'Zones' },
    kind: 'polygons',
    legend: [l('#38bdf8', '区域', 'Zone'), l('#facc15', '选中', 'Selected')],
    // The zone screens always draw it; on the home map it starts off.
    default_visible: false,
    default_opacity: 1,
    time: 'static',
    permission: READ,
    screens: ['home', 'geometry', 'location'],
  },
  {
    id: 'devices',
    group: 'assets',
    name: { 'zh-Hans': '设备', en: 'Devices' },
    kind: 'points',
    legend: [
      l('#2e9e4f', '在线', 'Online'),
      l('#ff8c00', '降级', 'Degraded'),
      l('#8a8f98', '离线', 'Offline'),
    ],
    // The device screen always draws it; on the home map it starts off.
    default_visible: false,
    default_opacity: 1,
    time: 'live',
    permission: READ,
    screens: ['home', 'device'],
  },
  {
    id: 'regions',
    group: 'assets',
    name: { 'zh-Hans': '省市边界', en: 'Province and city borders' },
    kind: 'polygons',
    legend: [l('#c084fc', '省界', 'Province'), l('#e9d5ff', '市界（放大后）', 'City (zoomed in)')],
    default_visible: false,
    default_opacity: 1,
    time: 'static',
    permission: READ,
    screens: ['home'],
  },
];

const MODEL_NAMES: Record<ModelId, Localized> = {
  lightning_nowcast: { 'zh-Hans': '雷电区域临近预报', en: 'Lightning area nowcast' },
  lightning_forecast: { 'zh-Hans': '雷电潜势预报', en: 'Lightning forecast' },
  fire_risk: { 'zh-Hans': '雷击火险', en: 'Lightning fire risk' },
  weather_forecast: { 'zh-Hans': '天气预报', en: 'Weather forecast' },
  geo_weather_forecast: { 'zh-Hans': '格点天气预报', en: 'Gridded weather forecast' },
};
const MODEL_RAMP = ['#60a5fa', '#34d399', '#facc15', '#fb923c', '#ef4444'];

/** The id of a model's output layer. */
export const modelLayerId = (id: ModelId) => `model_${id}`;

const MODEL_LAYERS: readonly LayerDefinition[] = MODEL_IDS.map((id) => ({
  id: modelLayerId(id),
  group: 'models',
  name: MODEL_NAMES[id],
  kind: 'grid',
  legend: MODEL_RAMP.map((color, i) => l(color, `等级 ${i + 1}`, `Level ${i + 1}`)),
  default_visible: false,
  default_opacity: 0.7,
  time: 'static',
  permission: READ,
  screens: ['home'],
}));

export const LAYER_CATALOGUE: readonly LayerDefinition[] = [...BUILT_IN, ...MODEL_LAYERS];

export const layerDefinition = (id: string): LayerDefinition | undefined =>
  LAYER_CATALOGUE.find((d) => d.id === id);

/** Ids of custom layers in map choices and scenes: `custom_<id>`. */
export const customLayerId = (id: number) => `custom_${id}`;
