import { FIRE_RISK, FIRE_RISK_ELEMENT } from '@thunderwatch/domain/models/fire-risk';
import { FORECAST, FORECAST_ELEMENT } from '@thunderwatch/domain/models/lightning-forecast';
import { NOWCAST, NOWCAST_ELEMENT } from '@thunderwatch/domain/models/lightning-nowcast';
import type { ModelElement, ModelId } from '@thunderwatch/shared/schemas/models';
import type { ModelsConfig } from '../../../config-models.js';

/** What the registry says of a model besides its runs. */
export interface ModelDefinition {
  id: ModelId;
  name: { 'zh-Hans': string; en: string };
  description: { 'zh-Hans': string; en: string };
  kind: 'builtin' | 'external';
  inputs: string[];
  outputs: ('grid' | 'polygons')[];
  elements: ModelElement[];
}

const CHANCE_THRESHOLDS = [10, 30, 50, 70, 90];
const SURFACE = ['surface'];
const hourly = (hours: number) =>
  Array.from({ length: hours }, (_, h) => ({ from_min: h * 60, to_min: (h + 1) * 60 }));
/** External forecasts are asked for these hours (each the end of a one-hour window). */
export const EXTERNAL_STEPS_H = [1, 2, 3, 6, 12, 24];
const externalSteps = EXTERNAL_STEPS_H.map((h) => ({ from_min: (h - 1) * 60, to_min: h * 60 }));

function element(
  id: string,
  zh: string,
  en: string,
  unit: string,
  steps: ModelElement['steps'],
  thresholds: number[],
): ModelElement {
  return { id, name: { 'zh-Hans': zh, en }, unit, levels: SURFACE, steps, thresholds };
}

export const MODEL_DEFINITIONS: readonly ModelDefinition[] = [
  {
    id: 'lightning_nowcast',
    name: { 'zh-Hans': '雷电区域临近预报', en: 'Lightning area nowcast' },
    description: {
      'zh-Hans': '按雷暴单体的移动和强弱趋势外推，给出未来 0–60 分钟各网格发生雷电的概率。',
      en: 'Chance of lightning in the next 0–60 min per grid cell, extrapolating the storm cells along their motion with their growth or decay.',
    },
    kind: 'builtin',
    inputs: ['storm_cells'],
    outputs: ['grid', 'polygons'],
    elements: [
      element(
        NOWCAST_ELEMENT,
        '雷电概率',
        'Lightning chance',
        '%',
        NOWCAST.windows.map((w) => ({ from_min: w.fromMin, to_min: w.toMin })),
        CHANCE_THRESHOLDS,
      ),
    ],
  },
  {
    id: 'lightning_forecast',
    name: { 'zh-Hans': '雷电预报（0–6 小时）', en: 'Lightning forecast (0–6 h)' },
    description: {
      'zh-Hans':
        '统计外推，不是数值天气预报：由近期雷电活动的持续性和雷暴单体的趋势给出逐小时雷电概率，1 小时后可信度迅速下降。',
      en: 'A statistical extrapolation, not a weather model: hourly chance of lightning from the persistence of recent activity and the storm cells’ trends. Skill falls quickly after the first hour.',
    },
    kind: 'builtin',
    inputs: ['storm_cells', 'strokes_60min'],
    outputs: ['grid', 'polygons'],
    elements: [
      element(
        FORECAST_ELEMENT,
        '雷电概率',
        'Lightning chance',
        '%',
        hourly(FORECAST.hours),
        CHANCE_THRESHOLDS,
      ),
    ],
  },
  {
    id: 'fire_risk',
    name: { 'zh-Hans': '雷击火险', en: 'Lightning fire risk' },
    description: {
      'zh-Hans':
        '由近 72 小时地闪（正闪和多回击闪电权重更高）随时间衰减得出的雷击引发山火风险；尚无干燥度观测时不考虑干燥度。',
      en: 'Risk of lightning-ignited wildfire from the CG flashes of the last 72 h (positive and multi-stroke flashes weigh more), fading with age. Dryness is applied only where observed; there are no observations yet.',
    },
    kind: 'builtin',
    inputs: ['cg_strokes_72h', 'dryness (optional)'],
    outputs: ['grid', 'polygons'],
    elements: [
      element(
        FIRE_RISK_ELEMENT,
        '火险指数',
        'Fire risk',
        '%',
        [{ from_min: -FIRE_RISK.maxWindowH * 60, to_min: 0 }],
        [10, 25, 50, 75],
      ),
    ],
  },
  {
    id: 'weather_forecast',
    name: { 'zh-Hans': '天气预报', en: 'Weather forecast' },
    description: {
      'zh-Hans': '外部天气预报服务的地面要素网格（需配置 WEATHER_FORECAST_URL）。',
      en: 'Surface weather grids from an external forecast service (WEATHER_FORECAST_URL).',
    },
    kind: 'external',
    inputs: ['external service'],
    outputs: ['grid', 'polygons'],
    elements: [
      element(
        'temperature_2m',
        '2 米气温',
        'Temperature (2 m)',
        '°C',
        externalSteps,
        [-10, 0, 10, 20, 30, 35],
      ),
      element('precipitation', '降水', 'Precipitation', 'mm/h', externalSteps, [0.1, 2, 5, 10, 20, 50]),
      element('wind_speed_10m', '10 米风速', 'Wind speed (10 m)', 'm/s', externalSteps, [5, 10, 15, 20, 25]),
    ],
  },
  {
    id: 'geo_weather_forecast',
    name: { 'zh-Hans': '地理天气预报', en: 'Geo weather forecast' },
    description: {
      'zh-Hans': '外部服务的对流环境与湿度网格（需配置 GEO_WEATHER_FORECAST_URL）。',
      en: 'Convective environment and humidity grids from an external service (GEO_WEATHER_FORECAST_URL).',
    },
    kind: 'external',
    inputs: ['external service'],
    outputs: ['grid', 'polygons'],
    elements: [
      element('cape', '对流有效位能', 'CAPE', 'J/kg', externalSteps, [250, 500, 1000, 2000, 3000]),
      element(
        'relative_humidity_2m',
        '2 米相对湿度',
        'Relative humidity (2 m)',
        '%',
        externalSteps,
        [30, 50, 70, 90],
      ),
    ],
  },
];

export function definitionOf(id: ModelId): ModelDefinition {
  const d = MODEL_DEFINITIONS.find((m) => m.id === id);
  if (!d) throw new Error(`no model ${id}`);
  return d;
}

/** An external model without its service's URL cannot run; built-in ones always can. */
export function isConfigured(id: ModelId, config: ModelsConfig): boolean {
  if (id === 'weather_forecast') return config.weatherForecast !== null;
  if (id === 'geo_weather_forecast') return config.geoWeatherForecast !== null;
  return true;
}

/** Minutes between scheduled runs, or null when the schedule is off (or the model cannot run). */
export function scheduleOf(id: ModelId, config: ModelsConfig): number | null {
  const every = config.everyMin[id];
  return every > 0 && isConfigured(id, config) ? every : null;
}
