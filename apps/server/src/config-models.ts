/**
 * The models' settings: how often each runs on the leader, the region external forecasts cover, how long
 * runs are kept, and the external forecast services (URL and key; unset: "not configured").
 */

export class ModelsConfigError extends Error {}

export interface ExternalService {
  url: string;
  /** Sent as `Authorization: Bearer <key>`; null: no header. */
  key: string | null;
}

export interface ModelsConfig {
  /** Minutes between scheduled runs; 0 turns a model's schedule off (it still runs by hand). */
  everyMin: {
    lightning_nowcast: number;
    lightning_forecast: number;
    fire_risk: number;
    weather_forecast: number;
    geo_weather_forecast: number;
  };
  fireRiskWindowH: number;
  /** [west, south, east, north]: what external forecasts are asked for, and the grid of a quiet run. */
  region: [number, number, number, number];
  retentionDays: number;
  /** How long an external service may take to answer. */
  timeoutMs: number;
  weatherForecast: ExternalService | null;
  geoWeatherForecast: ExternalService | null;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ModelsConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function region(raw: string | undefined): [number, number, number, number] {
  if (!raw) return [73, 3, 136, 54];
  const parts = raw.split(',').map((s) => Number(s.trim()));
  const [w, s, e, n] = parts as [number, number, number, number];
  if (
    parts.length !== 4 ||
    parts.some((v) => !Number.isFinite(v)) ||
    !(w >= -180 && e <= 180 && w < e && s >= -90 && n <= 90 && s < n)
  ) {
    throw new ModelsConfigError(
      'MODEL_REGION must be "west,south,east,north" in degrees, west < east, south < north',
    );
  }
  return [w, s, e, n];
}

function service(env: NodeJS.ProcessEnv, prefix: string): ExternalService | null {
  const url = env[`${prefix}_URL`] || null;
  const key = env[`${prefix}_KEY`] || null;
  if (!url) {
    if (key) throw new ModelsConfigError(`${prefix}_KEY is set but ${prefix}_URL is not`);
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelsConfigError(`${prefix}_URL must be an http(s) URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ModelsConfigError(`${prefix}_URL must be an http(s) URL`);
  }
  if (key && /[\s\r\n]/.test(key)) throw new ModelsConfigError(`${prefix}_KEY must not contain white space`);
  return { url, key };
}

const DAY_MIN = 24 * 60;

export function modelsConfig(env: NodeJS.ProcessEnv): ModelsConfig {
  return {
    everyMin: {
      lightning_nowcast: int(env, 'MODEL_NOWCAST_EVERY_MIN', 5, 0, DAY_MIN),
      lightning_forecast: int(env, 'MODEL_FORECAST_EVERY_MIN', 30, 0, DAY_MIN),
      fire_risk: int(env, 'MODEL_FIRE_RISK_EVERY_MIN', 60, 0, DAY_MIN),
      weather_forecast: int(env, 'MODEL_WEATHER_FORECAST_EVERY_MIN', 180, 0, DAY_MIN),
      geo_weather_forecast: int(env, 'MODEL_GEO_WEATHER_FORECAST_EVERY_MIN', 180, 0, DAY_MIN),
    },
    fireRiskWindowH: int(env, 'MODEL_FIRE_RISK_WINDOW_H', 72, 24, 72),
    region: region(env.MODEL_REGION),
    retentionDays: int(env, 'MODEL_RETENTION_DAYS', 7, 1, 365),
    timeoutMs: int(env, 'MODEL_EXTERNAL_TIMEOUT_SEC', 30, 1, 600) * 1000,
    weatherForecast: service(env, 'WEATHER_FORECAST'),
    geoWeatherForecast: service(env, 'GEO_WEATHER_FORECAST'),
  };
}
